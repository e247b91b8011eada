import { type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import {
  hasConditions,
  onlyText,
  orderTerms,
  SORT_INPUT_COLUMNS,
  textWords,
  textWordsWithVendors,
  type TransceiverQuery,
  type VendorsByWord,
  vendorsByWord,
  whereOf,
} from './transceiver-query.sql.js';

export type { TransceiverQuery } from './transceiver-query.sql.js';

export type TransceiverRow = Selectable<TransceiversTable> & { vendor_name: string; vendor_kind: 'operator' | 'oem' | 'competitor' };

export interface TransceiverListPage {
  /** The number of matches, counted exactly. */
  total: number;
  rows: TransceiverRow[];
}

function catalogue(db: AppDatabase) {
  return db.kysely.withTables<CatalogueTables>();
}

/**
 * Per word of the text query, the vendors whose name holds it. The vendors are few (shops and manufacturers), so they
 * are read whole and matched here by the text query's own rule; the list then reads their rows as a list of ids.
 */
async function textVendors(db: AppDatabase, f: TransceiverQuery): Promise<VendorsByWord> {
  const words = textWords(f.text);
  if (words.length === 0) return new Map();
  return vendorsByWord(words, await catalogue(db).selectFrom('vendors').select(['id', 'name']).execute());
}

/** Where the engine's text index answers a list whose only condition is the text query by itself (SqlDialect). */
function textOnlyRead(db: AppDatabase, f: TransceiverQuery, vendors: VendorsByWord) {
  return onlyText(f) ? db.dialect.transceiverTextOnly(textWordsWithVendors(f, vendors)) : undefined;
}

/** How many rows match: without a condition no WHERE at all, so SQLite counts its smallest b-tree without reading rows. */
function countQuery(db: AppDatabase, f: TransceiverQuery, vendors: VendorsByWord) {
  const textOnly = textOnlyRead(db, f, vendors);
  if (textOnly !== undefined) return catalogue(db).selectNoFrom(textOnly.count.as('n'));
  return catalogue(db)
    .selectFrom('transceivers as t')
    .$if(hasConditions(f), (qb) => qb.where((eb) => whereOf(eb, f, db.dialect, vendors)))
    .select(sql<number>`count(*)`.as('n'));
}

/**
 * Up to this many matches, a page is sorted from the matching rows themselves; past it, it is read in sort order from
 * the index of the sort. An index walk is quick when matches are spread through the sort order, but a filter whose
 * matches sit together at its far end (all 1.6T names sort after the other speeds') walks most of the catalogue first.
 * Sorting a bounded set costs the same wherever its rows sit.
 */
const SORTED_SET_ROWS = 20_000;

/** Which page to read, and how many rows match (counted just before). */
interface PageRead {
  matches: number;
  limit: number;
  offset: number;
  /** SORTED_SET_ROWS, except where a test holds the two ways of reading a page to one order. */
  sortedSetRows: number;
}

/** The ids of one page, in sort order. */
function pageIds(db: AppDatabase, f: TransceiverQuery, page: PageRead, vendors: VendorsByWord) {
  const k = catalogue(db);
  const textOnly = textOnlyRead(db, f, vendors);
  const filtered = () =>
    k
      .selectFrom('transceivers as t')
      .$if(hasConditions(f), (qb) => qb.where((eb) => whereOf(eb, f, db.dialect, vendors)))
      .select(['t.id', ...SORT_INPUT_COLUMNS]);
  let ids =
    textOnly !== undefined
      ? // Checked from the sort index's own entries, the walk costs little wherever the matches sit.
        k.selectFrom('transceivers as t').where(textOnly.alongSortIndex).select('t.id')
      : hasConditions(f) && page.matches <= page.sortedSetRows
        ? // Materialized: the engine collects the matches through the filters' indexes, then sorts just those.
          k
            .with((cte) => cte('matches').materialized(), filtered)
            .selectFrom('matches as t')
            .select('t.id')
        : filtered().clearSelect().select('t.id');
  for (const term of orderTerms(f)) ids = ids.orderBy(term);
  return ids.limit(page.limit).offset(page.offset);
}

/**
 * The statement of one page of the list for a known number of matches: only the page's rows are read in full, by
 * their ids (where no index yields the order, the engine sorts and skips ids and sort keys rather than whole rows).
 */
function pageQuery(db: AppDatabase, f: TransceiverQuery, page: PageRead, vendors: VendorsByWord) {
  let query = catalogue(db)
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .selectAll('t')
    .select(['v.name as vendor_name', 'v.kind as vendor_kind'])
    .where('t.id', 'in', pageIds(db, f, page, vendors));
  for (const term of orderTerms(f)) query = query.orderBy(term);
  return query;
}

/**
 * Runs `read` with the planner set up for the list (SqlDialect.catalogueListPlanning): in a transaction of its own
 * where the engine needs a setting, else as it is.
 */
export function withListPlanning<T>(db: AppDatabase, read: (db: AppDatabase) => Promise<T>): Promise<T> {
  const planning = db.dialect.catalogueListPlanning();
  if (planning === null || db.inTransaction) return read(db);
  return db.transaction(async (tx) => {
    await planning.execute(tx.kysely);
    return read(tx);
  });
}

/** The list's statements for a page, as listTransceivers runs them (the benchmark runs them straight through the engine, inside withListPlanning). */
export async function listPageQueries(db: AppDatabase, f: TransceiverQuery, limit: number, offset: number) {
  const vendors = await textVendors(db, f);
  const count = countQuery(db, f, vendors);
  const matches = Number((await count.executeTakeFirstOrThrow()).n);
  return { count, page: pageQuery(db, f, { matches, limit, offset, sortedSetRows: SORTED_SET_ROWS }, vendors) };
}

/**
 * One page of the list and the number of matches. The count comes first and decides how the page is read; a write
 * between the two statements shows in the next read. A text query reads the vendors' names just before (a vendor
 * renamed in between is found by its new name on the next read).
 */
export async function listTransceivers(
  db: AppDatabase,
  f: TransceiverQuery,
  limit: number,
  offset: number,
  sortedSetRows = SORTED_SET_ROWS,
): Promise<TransceiverListPage> {
  return withListPlanning(db, async (tx) => {
    const vendors = await textVendors(tx, f);
    const total = Number((await countQuery(tx, f, vendors).executeTakeFirstOrThrow()).n);
    if (offset >= total) return { total, rows: [] };
    const rows = await pageQuery(tx, f, { matches: total, limit, offset, sortedSetRows }, vendors).execute();
    return { total, rows };
  });
}

async function findBy(db: AppDatabase, column: 't.slug' | 't.id', value: string): Promise<TransceiverRow | undefined> {
  return db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .selectAll('t')
    .select(['v.name as vendor_name', 'v.kind as vendor_kind'])
    .where(column, '=', value)
    .executeTakeFirst();
}

/** The API's lookup rule: an :id is tried as a slug first and only then as a UUID. */
export async function findTransceiver(db: AppDatabase, idOrSlug: string): Promise<TransceiverRow | undefined> {
  return (await findBy(db, 't.slug', idOrSlug)) ?? (await findBy(db, 't.id', idOrSlug));
}

export async function countTransceivers(db: AppDatabase): Promise<number> {
  const row = await db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('transceivers')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
