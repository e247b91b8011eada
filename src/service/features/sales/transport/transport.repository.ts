import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import { type TablesOf, type TableRow } from '../../../db/tables/table-spec.js';
import { citiesTable, TRANSPORT_TABLES } from '../../../db/tables/transport.tables.js';

type TransportTables = TablesOf<typeof TRANSPORT_TABLES>;
export type CityRow = Selectable<TableRow<typeof citiesTable>>;

/** A fibre route with its provider's name (null on an estimated route: provider to be sourced). */
export interface RouteRow {
  id: number;
  city_a: string;
  city_b: string;
  route_km: number;
  fiber_type: string;
  is_estimated: 0 | 1;
  provider_id: string | null;
  provider_name: string | null;
}

export async function listCities(db: AppDatabase): Promise<CityRow[]> {
  return db.kysely.withTables<TransportTables>().selectFrom('cities').selectAll().orderBy('id').execute();
}

export async function listRoutes(db: AppDatabase): Promise<RouteRow[]> {
  return db.kysely
    .withTables<TransportTables>()
    .selectFrom('fiber_routes as r')
    .leftJoin('fiber_providers as p', 'p.id', 'r.provider_id')
    .select(['r.id', 'r.city_a', 'r.city_b', 'r.route_km', 'r.fiber_type', 'r.is_estimated', 'r.provider_id', 'p.name as provider_name'])
    .orderBy('r.id')
    .execute();
}

export async function listProviders(db: AppDatabase): Promise<Array<{ id: string; name: string; network_type: string | null; is_demo: number }>> {
  return db.kysely.withTables<TransportTables>().selectFrom('fiber_providers').select(['id', 'name', 'network_type', 'is_demo']).orderBy('id').execute();
}
