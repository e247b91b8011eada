import type { AppDatabase } from '../../db/database.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import type { VendorKind } from '../../../shared/vocabulary/catalogue.vocabulary.js';

/** Catalogue reads of the blog engine, through Kysely on the catalogue's own declarations (it never writes them). */
const k = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

export interface ProductFactRow {
  id: string;
  standard: string | null;
  fiber_type: string;
  reach_label: string;
  power_w: number | null;
  vendor_kind: VendorKind;
}

export async function productsAtSpeed(db: AppDatabase, speedGbps: number): Promise<ProductFactRow[]> {
  return k(db)
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .select(['t.id', 't.standard', 't.fiber_type', 't.reach_label', 't.power_w', 'v.kind as vendor_kind'])
    .where('t.speed_gbps', '=', speedGbps)
    .execute();
}

export interface PriceFactRow {
  transceiver_id: string;
  price: number;
  currency: string;
  observed_at: string;
  source: string;
}

/** Every price observation of the products at a speed, oldest first (the caller keeps each product's latest). */
export async function pricesAtSpeed(db: AppDatabase, speedGbps: number): Promise<PriceFactRow[]> {
  return k(db)
    .selectFrom('price_observations as p')
    .innerJoin('transceivers as t', 't.id', 'p.transceiver_id')
    .select(['p.transceiver_id', 'p.price', 'p.currency', 'p.observed_at', 'p.source'])
    .where('t.speed_gbps', '=', speedGbps)
    .orderBy('p.observed_at')
    .execute();
}
