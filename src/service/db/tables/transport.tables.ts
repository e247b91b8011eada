import { integer, real, table, text } from './table-spec.js';

/** Transport data of the seed data set (migrations/002_catalogue.sql): cities, fibre providers and routes. */
export const citiesTable = table('cities', {
  id: text(),
  name: text(),
  country: text(),
  lat: real(),
  lon: real(),
});

export const fiberProvidersTable = table('fiber_providers', {
  id: text(),
  name: text(),
  countries: text().defaulted(),
  network_type: text().orNull(),
  website: text().orNull(),
  is_demo: integer().defaulted(),
});

export const fiberRoutesTable = table('fiber_routes', {
  id: integer().defaulted(),
  city_a: text(),
  city_b: text(),
  provider_id: text(),
  route_km: real(),
  fiber_type: text().defaulted(),
});

export const TRANSPORT_TABLES = [citiesTable, fiberProvidersTable, fiberRoutesTable] as const;
