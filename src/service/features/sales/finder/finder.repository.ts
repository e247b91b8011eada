import { type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, SwitchesTable, SwitchPortGroupsTable, TransceiversTable } from '../../../db/tables/catalogue.tables.js';

/*
 * The finder reads the catalogue's tables (owned by features/catalogue) through Kysely on their one declaration; it
 * writes nothing.
 */

export type SwitchRow = Selectable<SwitchesTable> & { vendor_name: string };
export type PortGroupRow = Selectable<SwitchPortGroupsTable>;

export type ProductRow = Pick<
  Selectable<TransceiversTable>,
  | 'id'
  | 'slug'
  | 'vendor_id'
  | 'part_number'
  | 'name'
  | 'form_factor'
  | 'speed_gbps'
  | 'standard'
  | 'fiber_type'
  | 'wavelengths'
  | 'reach_meters'
  | 'reach_label'
  | 'connector'
  | 'temp_range'
  | 'temp_min_c'
  | 'temp_max_c'
  | 'platform_coding'
> & { vendor_name: string; vendor_kind: string };

export interface LatestPriceRow {
  transceiver_id: string;
  vendor_id: string;
  currency: string;
  price: number;
  observed_at: string;
  in_stock: number | null;
  stock_qty: number | null;
  source: string;
}

const k = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

/** Every switch with its maker's name: the matcher needs them all (a few hundred at most). */
export async function allSwitches(db: AppDatabase): Promise<SwitchRow[]> {
  return k(db)
    .selectFrom('switches as s')
    .innerJoin('vendors as v', 'v.id', 's.vendor_id')
    .selectAll('s')
    .select('v.name as vendor_name')
    .orderBy('s.model')
    .execute();
}

export async function portGroupsOf(db: AppDatabase, switchIds: readonly string[]): Promise<PortGroupRow[]> {
  if (switchIds.length === 0) return [];
  return k(db).selectFrom('switch_port_groups').selectAll().where('switch_id', 'in', switchIds).orderBy('switch_id').orderBy('id').execute();
}

function products(db: AppDatabase) {
  return k(db)
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .select([
      't.id',
      't.slug',
      't.vendor_id',
      'v.name as vendor_name',
      'v.kind as vendor_kind',
      't.part_number',
      't.name',
      't.form_factor',
      't.speed_gbps',
      't.standard',
      't.fiber_type',
      't.wavelengths',
      't.reach_meters',
      't.reach_label',
      't.connector',
      't.temp_range',
      't.temp_min_c',
      't.temp_max_c',
      't.platform_coding',
    ]);
}

/** The operator's products of these form factors and speeds (candidates for a port group; the rules pick from them). */
export async function operatorProducts(db: AppDatabase, formFactors: readonly string[], speeds: readonly number[]): Promise<ProductRow[]> {
  if (formFactors.length === 0 || speeds.length === 0) return [];
  return products(db)
    .where('v.kind', '=', 'operator')
    .where('t.form_factor', 'in', formFactors)
    .where('t.speed_gbps', 'in', speeds)
    .orderBy('t.part_number')
    .execute();
}

/** The operator's products carrying one of these standards (far ends of a breakout). */
export async function operatorProductsByStandard(db: AppDatabase, standards: readonly string[]): Promise<ProductRow[]> {
  if (standards.length === 0) return [];
  return products(db).where('v.kind', '=', 'operator').where('t.standard', 'in', standards).orderBy('t.part_number').execute();
}

/** A switch maker's own modules of these form factors and speeds (its original parts, when the catalogue holds any). */
export async function makerProducts(db: AppDatabase, makerVendorId: string, formFactors: readonly string[], speeds: readonly number[]): Promise<ProductRow[]> {
  if (formFactors.length === 0 || speeds.length === 0) return [];
  return products(db)
    .where('t.vendor_id', '=', makerVendorId)
    .where('t.form_factor', 'in', formFactors)
    .where('t.speed_gbps', 'in', speeds)
    .orderBy('t.part_number')
    .execute();
}

/** One product by slug, else by UUID. */
export async function findProduct(db: AppDatabase, idOrSlug: string): Promise<ProductRow | undefined> {
  return (await products(db).where('t.slug', '=', idOrSlug).executeTakeFirst()) ?? (await products(db).where('t.id', '=', idOrSlug).executeTakeFirst());
}

export interface CagedGroupRow {
  group_id: number;
  switch_id: string;
  slug: string;
  vendor_id: string;
  vendor_name: string;
  model: string;
  port_count: number;
  form_factor: string;
  speeds_gbps: string;
  role: string | null;
}

/** Every port group whose cage is one of these form factors, with its switch. */
export async function portGroupsWithCage(db: AppDatabase, cages: readonly string[]): Promise<CagedGroupRow[]> {
  if (cages.length === 0) return [];
  return k(db)
    .selectFrom('switch_port_groups as g')
    .innerJoin('switches as s', 's.id', 'g.switch_id')
    .innerJoin('vendors as v', 'v.id', 's.vendor_id')
    .select([
      'g.id as group_id',
      'g.switch_id',
      's.slug',
      's.vendor_id',
      'v.name as vendor_name',
      's.model',
      'g.port_count',
      'g.form_factor',
      'g.speeds_gbps',
      'g.role',
    ])
    .where('g.form_factor', 'in', cages)
    .orderBy('v.name')
    .orderBy('s.model')
    .orderBy('g.id')
    .execute();
}

/** The latest observation per product, shop and currency. */
export async function latestPrices(db: AppDatabase, transceiverIds: readonly string[]): Promise<LatestPriceRow[]> {
  if (transceiverIds.length === 0) return [];
  // One pass over the products' rows (the (transceiver_id, observed_at) index) ranked by a window function; a
  // correlated max() per row was about 50 times slower here.
  const ranked = k(db)
    .selectFrom('price_observations as p')
    .select(['p.id', 'p.transceiver_id', 'p.vendor_id', 'p.currency', 'p.price', 'p.observed_at', 'p.in_stock', 'p.stock_qty', 'p.source'])
    .select(sql<number>`row_number() over (partition by p.transceiver_id, p.vendor_id, p.currency order by p.observed_at desc, p.id desc)`.as('rank'))
    .where('p.transceiver_id', 'in', transceiverIds);
  return k(db)
    .selectFrom(ranked.as('r'))
    .select(['r.transceiver_id', 'r.vendor_id', 'r.currency', 'r.price', 'r.observed_at', 'r.in_stock', 'r.stock_qty', 'r.source'])
    .where('r.rank', '=', 1)
    .orderBy('r.currency')
    .execute();
}

/** The operator's products a catalogue product (a shop's listing) is mapped to, one per coding. */
export async function mappedOperatorProducts(db: AppDatabase, transceiverId: string): Promise<ProductRow[]> {
  return products(db)
    .innerJoin('operator_product_map as m', 'm.operator_transceiver_id', 't.id')
    .where('m.transceiver_id', '=', transceiverId)
    .orderBy('t.part_number')
    .execute();
}
