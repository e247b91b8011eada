import { type Expression, type Insertable, type Selectable, sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { PriceObservationsTable } from '../../../db/tables/prices.tables.js';

/** A stored observation with the shop's name. */
export type PriceRow = Selectable<PriceObservationsTable> & { vendor_name: string };

export type NewObservationRow = Omit<Insertable<PriceObservationsTable>, 'id'>;

export interface PriceChangeRow {
  old_price: number;
  new_price: number;
  change_pct: number;
}

function catalogue(db: AppDatabase) {
  return db.kysely.withTables<CatalogueTables>();
}

/** An observation with its shop's name, as every read of single observations returns it. */
function observations(db: AppDatabase) {
  return catalogue(db)
    .selectFrom('price_observations as p')
    .innerJoin('vendors as v', 'v.id', 'p.vendor_id')
    .select([
      'p.id',
      'p.transceiver_id',
      'p.vendor_id',
      'v.name as vendor_name',
      'p.price',
      'p.currency',
      'p.observed_at',
      'p.in_stock',
      'p.stock_qty',
      'p.source',
      'p.url',
    ]);
}

/** The latest observation per shop and currency: what the product costs now in each place it is sold. */
export async function currentPrices(db: AppDatabase, transceiverId: string): Promise<PriceRow[]> {
  const latest = catalogue(db)
    .selectFrom('price_observations as l')
    .where('l.transceiver_id', '=', transceiverId)
    .select((eb) => [
      'l.id',
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy(['l.vendor_id', 'l.currency']).orderBy('l.observed_at', 'desc').orderBy('l.id', 'desc'))
        .as('rn'),
    ]);
  return observations(db)
    .where('p.id', 'in', (eb) => eb.selectFrom(latest.as('r')).where('r.rn', '=', 1).select('r.id'))
    .orderBy('p.currency')
    .orderBy('p.price')
    .orderBy('p.id')
    .execute();
}

/** A product's most recent price observation in any shop, as the list shows it. */
export interface CurrentPriceRow {
  transceiver_id: string;
  price: number;
  currency: string;
  observed_at: string;
  vendor_name: string;
  source: string;
}

/**
 * The latest observation per product for one page of the list, in one statement whatever the page size: each
 * product's latest observation id is looked up through the (transceiver_id, observed_at) index.
 */
export async function currentPricesFor(db: AppDatabase, transceiverIds: readonly string[]): Promise<Map<string, CurrentPriceRow>> {
  if (transceiverIds.length === 0) return new Map();
  const k = catalogue(db);
  const rows = await k
    .selectFrom('price_observations as p')
    .innerJoin('vendors as v', 'v.id', 'p.vendor_id')
    .select(['p.transceiver_id', 'p.price', 'p.currency', 'p.observed_at', 'v.name as vendor_name', 'p.source'])
    .where('p.id', 'in', (eb) =>
      eb
        .selectFrom('transceivers as t')
        .where('t.id', 'in', [...transceiverIds])
        .select((inner) =>
          inner
            .selectFrom('price_observations as l')
            .whereRef('l.transceiver_id', '=', 't.id')
            .orderBy('l.observed_at', 'desc')
            .orderBy('l.id', 'desc')
            .limit(1)
            .select('l.id')
            .as('latest'),
        ),
    )
    .execute();
  return new Map(rows.map((row) => [row.transceiver_id, row]));
}

/** The most recent `count` observations, returned oldest first (for a chart). */
export async function recentPrices(db: AppDatabase, transceiverId: string, count: number): Promise<PriceRow[]> {
  const rows = await observations(db)
    .where('p.transceiver_id', '=', transceiverId)
    .orderBy('p.observed_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(count)
    .execute();
  return rows.reverse();
}

export interface HistoryFilter {
  currency?: string;
  vendorId?: string;
  from?: string;
  to?: string;
}

export async function priceHistory(
  db: AppDatabase,
  transceiverId: string,
  f: HistoryFilter,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: PriceRow[] }> {
  const k = db.kysely.withTables<CatalogueTables>();
  const base = () =>
    k.selectFrom('price_observations as p').where((eb) => {
      const conds: Expression<SqlBool>[] = [eb('p.transceiver_id', '=', transceiverId)];
      if (f.currency !== undefined) conds.push(eb('p.currency', '=', f.currency));
      if (f.vendorId !== undefined) conds.push(eb('p.vendor_id', '=', f.vendorId));
      if (f.from !== undefined) conds.push(eb('p.observed_at', '>=', f.from));
      if (f.to !== undefined) conds.push(eb('p.observed_at', '<=', f.to));
      return eb.and(conds);
    });
  const count = await base()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base()
    .innerJoin('vendors as v', 'v.id', 'p.vendor_id')
    .selectAll('p')
    .select('v.name as vendor_name')
    .orderBy('p.observed_at')
    .orderBy('p.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(count.n), rows };
}

export async function findObservation(db: AppDatabase, id: number): Promise<PriceRow | undefined> {
  return observations(db).where('p.id', '=', id).executeTakeFirst();
}

export interface CoverageFigures {
  form_factor: string;
  products: number;
  covered: number;
}

export async function coverageByFormFactor(db: AppDatabase, measure: 'price' | 'image'): Promise<CoverageFigures[]> {
  const k = db.kysely.withTables<CatalogueTables>();
  if (measure === 'price') {
    return k.selectFrom('price_coverage').select(['form_factor', 'products', 'priced as covered']).orderBy('form_factor').execute();
  }
  return k.selectFrom('image_coverage').select(['form_factor', 'products', 'with_image as covered']).orderBy('form_factor').execute();
}

/** An operator product with the operator's latest price in one currency (null when never priced in it). */
export interface OperatorOffer {
  id: string;
  part_number: string;
  name: string;
  form_factor: string;
  standard: string;
  platform_coding: string | null;
  price: number | null;
  /** The source of the observation `price` comes from (null when unpriced). */
  price_source: string | null;
}

/**
 * The operator's products of the given standards with the operator's own latest price in `currency` (never a
 * competitor's): what the transport planner's bill of materials may list. The unary + keeps SQLite on the
 * (transceiver_id, observed_at) index: on the vendor's index it would walk all of the operator's observations per row.
 */
export async function operatorOffersByStandard(db: AppDatabase, standards: readonly string[], currency: string): Promise<OperatorOffer[]> {
  if (standards.length === 0) return [];
  // The operator's own latest observation in the currency, one column at a time, looked up through the
  // (transceiver_id, observed_at) index: the vendor is compared as an expression (|| ''), which no index serves, so
  // neither engine walks all of the operator's observations on the vendor's index instead.
  const latest = (column: 'price' | 'source') =>
    sql`(SELECT ${sql.ref(`p.${column}`)} FROM price_observations p
      WHERE p.transceiver_id = t.id AND p.vendor_id || '' = t.vendor_id AND p.currency = ${currency}
      ORDER BY p.observed_at DESC, p.id DESC LIMIT 1)`;
  return catalogue(db)
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .select(['t.id', 't.part_number', 't.name', 't.form_factor', 't.platform_coding'])
    .select([
      sql<string>`t.standard`.as('standard'),
      latest('price').$castTo<number | null>().as('price'),
      latest('source').$castTo<string | null>().as('price_source'),
    ])
    .where('v.kind', '=', 'operator')
    .where('t.standard', 'in', [...standards])
    .orderBy('t.standard')
    .orderBy('t.part_number')
    .orderBy('t.id')
    .execute();
}
