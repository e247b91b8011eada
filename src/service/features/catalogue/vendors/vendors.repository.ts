import { type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, VendorsTable } from '../../../db/tables/catalogue.tables.js';

export type VendorRow = Selectable<VendorsTable> & { transceiver_count: number; switch_count: number; price_observation_count: number };

function baseQuery(db: AppDatabase) {
  // Correlated counts rather than joins: three one-to-many joins would multiply each other's rows.
  return db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('vendors as v')
    .selectAll('v')
    .select([
      sql<number>`(select count(*) from transceivers t where t.vendor_id = v.id)`.as('transceiver_count'),
      sql<number>`(select count(*) from switches s where s.vendor_id = v.id)`.as('switch_count'),
      sql<number>`(select count(*) from price_observations p where p.vendor_id = v.id)`.as('price_observation_count'),
    ]);
}

export async function listVendors(db: AppDatabase, kind?: VendorsTable['kind']): Promise<VendorRow[]> {
  let query = baseQuery(db);
  if (kind !== undefined) query = query.where('v.kind', '=', kind);
  return query.orderBy('v.kind').orderBy('v.name').execute();
}

export async function findVendor(db: AppDatabase, id: string): Promise<VendorRow | undefined> {
  return baseQuery(db).where('v.id', '=', id).executeTakeFirst();
}

export async function vendorExists(db: AppDatabase, id: string): Promise<boolean> {
  const row = await db.kysely.withTables<CatalogueTables>().selectFrom('vendors').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
