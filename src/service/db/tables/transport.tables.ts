import { integer, real, table, text } from './table-spec.js';

/**
 * Transport data of the seed data set (migrations/002_catalogue.sql, 011_fiber_route_estimates.sql): cities, fibre
 * providers and routes. Read by the transport planner (features/sales/transport); written only by the seed loader.
 */
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
  /** NULL on an estimated route: its provider is still to be sourced. */
  provider_id: text().orNull(),
  route_km: real(),
  fiber_type: text().defaulted(),
  is_estimated: integer<0 | 1>().defaulted(),
});

export const TRANSPORT_TABLES = [citiesTable, fiberProvidersTable, fiberRoutesTable] as const;
