import { type Expression, type Insertable, type Selectable, sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import { cachedStatement } from '../../../db/statement-cache.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { PriceObservationsTable } from '../../../db/tables/prices.tables.js';
import { transceiverListRevisionTable } from '../../../db/tables/catalogue-revision.tables.js';
import { priceObservationRevisionTable } from '../../../db/tables/price-revision.tables.js';
import { CURRENT_PRICE_CACHE, type CurrentPriceCache } from './current-prices.cache.js';

/** A stored observation with the shop's name. */
export type PriceRow = Selectable<PriceObservationsTable> & { vendor_name: string };

export type NewObservationRow = Omit<Insertable<PriceObservationsTable>, 'id'>;

export interface PriceChangeRow {
  old_price: number;
  new_price: number;
  change_pct: number;
}

const PRICE_COLUMNS = `p.id, p.transceiver_id, p.vendor_id, v.name AS vendor_name, p.price, p.currency, p.observed_at,
  p.in_stock, p.stock_qty, p.source, p.url`;

/** The latest observation per shop and currency: what the product costs now in each place it is sold. */
export function currentPrices(db: AppDatabase, transceiverId: string): PriceRow[] {
  return db.sqlite
    .prepare(
      `SELECT ${PRICE_COLUMNS} FROM (
         SELECT p.*, row_number() OVER (PARTITION BY p.vendor_id, p.currency ORDER BY p.observed_at DESC, p.id DESC) AS rn
         FROM price_observations p WHERE p.transceiver_id = ?
       ) p JOIN vendors v ON v.id = p.vendor_id
       WHERE p.rn = 1 ORDER BY p.currency, p.price`,
    )
    .all(transceiverId) as PriceRow[];
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

const CURRENT_PRICES_FOR = `SELECT p.transceiver_id, p.price, p.currency, p.observed_at, v.name AS vendor_name, p.source
  FROM price_observations p JOIN vendors v ON v.id = p.vendor_id
  WHERE p.id IN (
    SELECT (SELECT l.id FROM price_observations l WHERE l.transceiver_id = ids.value ORDER BY l.observed_at DESC, l.id DESC LIMIT 1)
    FROM json_each(?) ids
  )`;

/** Both revisions a kept current price depends on, as one key: its observations' (019) and its shop's name (017). */
const PRICE_REVISIONS = `SELECT (SELECT revision FROM ${priceObservationRevisionTable.name} WHERE id = 1) || ':' ||
  (SELECT revision FROM ${transceiverListRevisionTable.name} WHERE id = 1)`;

function readCurrentPrices(db: AppDatabase, transceiverIds: readonly string[]): CurrentPriceRow[] {
  return cachedStatement(db, CURRENT_PRICES_FOR).all(JSON.stringify(transceiverIds)) as CurrentPriceRow[];
}

/**
 * The prices kept at the revisions `at`, and the ids of the products whose price is not kept (undefined: nothing kept).
 * A product kept with null has no observation at all.
 */
function keptPrices(cache: CurrentPriceCache<CurrentPriceRow>, transceiverIds: readonly string[], at: string) {
  const found = new Map<string, CurrentPriceRow>();
  const missing: string[] = [];
  for (const id of transceiverIds) {
    const row = cache.get(id, at);
    if (row === undefined) missing.push(id);
    else if (row !== null) found.set(id, row);
  }
  return { found, missing };
}

/**
 * The latest observation per product for one page of the list, in one statement whatever the page size: the ids
 * arrive as a JSON array, and each is looked up through the (transceiver_id, observed_at) index. Outside a caller's
 * transaction the connection keeps what it read while the revisions of migrations/019 and 017 stand (raised by
 * triggers on every write of an observation, a product or a shop, by any process): a page asked again reads one
 * revision row instead of fifty prices. The revisions and the prices missing are read in one read transaction, so
 * what is kept comes from the snapshot its revisions name.
 */
export function currentPricesFor(db: AppDatabase, transceiverIds: readonly string[]): Map<string, CurrentPriceRow> {
  if (transceiverIds.length === 0) return new Map();
  // Inside a caller's transaction (a write, say) the revisions may yet be rolled back and reached again by other
  // rows, so only a read of its own may use and fill what is kept.
  // TRANSITION: the revisions are gone (migration 020); the catalogue-list rewrite removes this cache.
  if (db.sqlite.inTransaction || db.engine === 'sqlite') return new Map(readCurrentPrices(db, transceiverIds).map((row) => [row.transceiver_id, row]));
  const cache = db.local(CURRENT_PRICE_CACHE) as CurrentPriceCache<CurrentPriceRow>;
  // A page kept whole needs no transaction: one statement reads both revisions from one snapshot.
  const first = keptPrices(cache, transceiverIds, String(cachedStatement(db, PRICE_REVISIONS, 'pluck').get()));
  if (first.missing.length === 0) return first.found;
  return db.sqlite.transaction(() => {
    const at = String(cachedStatement(db, PRICE_REVISIONS, 'pluck').get());
    const { found, missing } = keptPrices(cache, transceiverIds, at);
    for (const id of missing) cache.set(id, at, null);
    for (const row of readCurrentPrices(db, missing)) {
      cache.set(row.transceiver_id, at, row);
      found.set(row.transceiver_id, row);
    }
    return found;
  })();
}

/** The most recent `count` observations, returned oldest first (for a chart). */
export function recentPrices(db: AppDatabase, transceiverId: string, count: number): PriceRow[] {
  const rows = db.sqlite
    .prepare(
      `SELECT ${PRICE_COLUMNS} FROM price_observations p JOIN vendors v ON v.id = p.vendor_id
       WHERE p.transceiver_id = ? ORDER BY p.observed_at DESC, p.id DESC LIMIT ?`,
    )
    .all(transceiverId, count) as PriceRow[];
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

/**
 * Inserts one observation, nothing else. Only the market intake (market-intake.service.ts) calls it, because every
 * observation must also be compared with the one before it (price changes, competitor alerts).
 */
export function insertObservationRow(db: AppDatabase, obs: NewObservationRow): number {
  const info = db.sqlite
    .prepare(
      `INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, in_stock, stock_qty, source, url)
       VALUES (@transceiver_id, @vendor_id, @price, @currency, @observed_at, @in_stock, @stock_qty, @source, @url)`,
    )
    .run(obs);
  return Number(info.lastInsertRowid);
}

export function findObservation(db: AppDatabase, id: number): PriceRow | undefined {
  return db.sqlite.prepare(`SELECT ${PRICE_COLUMNS} FROM price_observations p JOIN vendors v ON v.id = p.vendor_id WHERE p.id = ?`).get(id) as
    PriceRow | undefined;
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
export function operatorOffersByStandard(db: AppDatabase, standards: readonly string[], currency: string): OperatorOffer[] {
  return db.sqlite
    .prepare(
      `SELECT t.id, t.part_number, t.name, t.form_factor, t.standard, t.platform_coding,
         (SELECT p.price FROM price_observations p
          WHERE p.transceiver_id = t.id AND +p.vendor_id = t.vendor_id AND p.currency = ?
          ORDER BY p.observed_at DESC, p.id DESC LIMIT 1) AS price,
         (SELECT p.source FROM price_observations p
          WHERE p.transceiver_id = t.id AND +p.vendor_id = t.vendor_id AND p.currency = ?
          ORDER BY p.observed_at DESC, p.id DESC LIMIT 1) AS price_source
       FROM transceivers t JOIN vendors v ON v.id = t.vendor_id
       WHERE v.kind = 'operator' AND t.standard IN (SELECT value FROM json_each(?))
       ORDER BY t.standard, t.part_number`,
    )
    .all(currency, currency, JSON.stringify(standards)) as OperatorOffer[];
}
