import { type Compilable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import { cachedStatement } from '../../../db/statement-cache.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import { transceiverListRevisionTable } from '../../../db/tables/catalogue-revision.tables.js';
import { transceiverTextIndexTable } from '../../../db/tables/catalogue-text.tables.js';
import { MATCH_CACHE, type RowidList, toRowidList } from './transceiver-list.cache.js';
import { type KeptPage, PAGE_CACHE } from './transceiver-page.cache.js';
import {
  hasFilters,
  hasText,
  orderTerms,
  type TextPlan,
  type TextStrategy,
  textPlan,
  type TransceiverQuery,
  walkWords,
  whereOf,
} from './transceiver-query.sql.js';
import { textIndexCountUpTo, type WalkResult, walkTextMatches } from './transceiver-text-walk.repository.js';
import { BOUNDED_MATCHES } from './transceiver-text-walk.cache.js';
import { TRANSCEIVER_TEXT_TOTAL_BOUND } from '../../../../shared/api/catalogue/transceivers.schemas.js';
import { markTextIndexComplete } from './transceiver-text-index.repository.js';
import { listRevision, rowsAt, type TransceiverRow } from './transceiver-rows.repository.js';

export type { TextStrategy, TransceiverQuery } from './transceiver-query.sql.js';
export type { TransceiverRow } from './transceiver-rows.repository.js';

function countOf(db: AppDatabase, query: Compilable<unknown>): number {
  const { sql: text, parameters } = query.compile();
  return Number(cachedStatement(db, text, 'pluck').get(...parameters));
}

function rowidsOf(db: AppDatabase, query: Compilable<unknown>): number[] {
  const { sql: text, parameters } = query.compile();
  return cachedStatement(db, text, 'pluck').all(...parameters) as number[];
}

const COUNT_ALL = 'SELECT count(*) FROM transceivers';

/** The page's total and rowids from SQL: the indexes of migrations/006 deliver the filters in sort order and count them. */
function readPage(db: AppDatabase, f: TransceiverQuery, text: TextPlan, limit: number, offset: number): KeptPage {
  const k = db.kysely.withTables<CatalogueTables>();
  const filtered = hasFilters(f);
  // No condition at all: no WHERE, so SQLite counts the table from its smallest b-tree without reading rows.
  const total = filtered
    ? countOf(
        db,
        k
          .selectFrom('transceivers as t')
          .where((eb) => whereOf(eb, f, text))
          .select(sql<number>`count(*)`.as('n')),
      )
    : Number(cachedStatement(db, COUNT_ALL, 'pluck').get());
  if (total === 0 || offset >= total) return { total, rowids: [] };
  let query = k
    .selectFrom('transceivers as t')
    .select(sql<number>`t.rowid`.as('rowid'))
    .$if(filtered, (qb) => qb.where((eb) => whereOf(eb, f, text)));
  for (const term of orderTerms(f, text)) query = query.orderBy(term);
  return { total, rowids: rowidsOf(db, query.limit(limit).offset(offset)) };
}

/**
 * A list without text: the page is read as rowids (from the index alone where it covers the filters) and then as rows.
 * With a revision (read in this read transaction) the total and rowids of a page asked before at that revision are
 * reused: neither the count nor the rowids, nor building their SQL, is repeated while nothing was written.
 */
function listByIndexes(db: AppDatabase, f: TransceiverQuery, text: TextPlan, revision: number | undefined, limit: number, offset: number) {
  if (revision === undefined) {
    const page = readPage(db, f, text, limit, offset);
    return { total: page.total, rows: rowsAt(db, page.rowids, revision) };
  }
  const cache = db.local(PAGE_CACHE);
  const key = `${cacheKey(f, 'index')}:${limit}:${offset}`;
  let page = cache.get(key, revision);
  if (page === undefined) {
    page = readPage(db, f, text, limit, offset);
    cache.set(key, revision, page);
  }
  return { total: page.total, rows: rowsAt(db, page.rowids, revision) };
}

/** Every match of a text query, in the list's order: the index's matches sorted, or the scan's. */
function matchesInOrder(db: AppDatabase, f: TransceiverQuery, text: TextPlan): RowidList {
  const k = db.kysely.withTables<CatalogueTables>();
  let query = k
    .selectFrom('transceivers as t')
    .where((eb) => whereOf(eb, f, text))
    .select(sql<number>`t.rowid`.as('rowid'));
  for (const term of orderTerms(f, text)) query = query.orderBy(term);
  const { sql: statement, parameters } = query.compile();
  return toRowidList(cachedStatement(db, statement, 'pluck').all(...parameters) as number[]);
}

/** The same query under another spelling of its object (key order, absent keys) shares one cache entry. */
function cacheKey(f: TransceiverQuery, strategy: TextStrategy): string {
  return JSON.stringify([
    strategy,
    f.text,
    f.sort,
    f.order,
    f.formFactor,
    f.speedGbps,
    f.fiberType,
    f.wdmType,
    f.dataConfidence,
    f.reachMin,
    f.reachMax,
    f.vendorId,
    f.standard,
    f.detailsVerified,
  ]);
}

/** How the list counts a text query's matches: exactly, or exactly only while that is cheap (a lower bound otherwise). */
export type CountMode = 'auto' | 'exact';

export interface TransceiverListPage {
  /** The number of matches when `totalExact`, else a lower bound of it. */
  total: number;
  totalExact: boolean;
  rows: TransceiverRow[];
}

/**
 * The lower bound a broad text query answers with when its exact count is not asked for: counting 12,000 to 40,000
 * matches costs more than the whole page (bench/catalogue.bench.ts), and "1,000+" tells a reader what a count would.
 */
const TEXT_TOTAL_BOUND = TRANSCEIVER_TEXT_TOTAL_BOUND;

/** Rows a walk reads before it asks the trigram index whether the query is narrow (some 0.4 ms at 100,000 rows). */
const WALK_BUDGET = 20_000;

/** A text query with every match read and sorted by SQL: exact, and kept for the pages that follow. */
function allMatches(db: AppDatabase, f: TransceiverQuery, text: TextPlan, key: string, revision: number | undefined, limit: number, offset: number) {
  const matches = matchesInOrder(db, f, text);
  if (revision !== undefined) db.local(MATCH_CACHE).set(key, revision, matches);
  return { total: matches.length, totalExact: true, rows: rowsAt(db, matches.subarray(offset, offset + limit), revision) };
}

/**
 * The first read of a text query without other filters, when its count may be a bound. Few matches (the trigram index
 * counts fewer than the bound): read them all through SQL, exactly. Otherwise walk the catalogue in the list's order
 * (transceiver-text-walk.repository.ts) until the page, and the bound, are found: the cost follows the page, not the
 * number of matches. Undefined where the walk does not apply (words it cannot compare, a catalogue too large).
 */
function firstPageOfText(db: AppDatabase, f: TransceiverQuery, text: TextPlan, key: string, revision: number, limit: number, offset: number) {
  const words = walkWords(text);
  if (words === undefined) return undefined;
  const bounded = db.local(BOUNDED_MATCHES);
  const kept = bounded.get(key, revision);
  if (kept !== undefined && offset + limit + 1 <= kept.rowids.length) {
    const rows = rowsAt(db, kept.rowids.subarray(offset, offset + limit), revision);
    return { total: Math.max(kept.rowids.length, kept.bound), totalExact: false, rows };
  }
  const answer = (walk: WalkResult, bound: number) => {
    const page = rowsAt(db, walk.rowids.slice(offset, offset + limit), revision);
    if (!walk.complete) {
      bounded.set(key, revision, { rowids: toRowidList(walk.rowids), bound });
      return { total: Math.max(walk.rowids.length, bound), totalExact: false, rows: page };
    }
    // The whole catalogue was read: these are all the matches, exact and worth keeping for the next pages.
    db.local(MATCH_CACHE).set(key, revision, toRowidList(walk.rowids));
    return { total: walk.rowids.length, totalExact: true, rows: page };
  };
  // One match past the page tells whether another page follows (total > offset + limit).
  const need = Math.max(offset + limit + 1, TEXT_TOTAL_BOUND);
  if (text.match !== undefined && text.words.length > 1) {
    // Several words cost the trigram index more than a short walk that finds the bound (measured at 100,000 rows:
    // 0.5 ms to count 1,000 matches of "qsfp28 lr4", 0.4 ms to walk to them); a narrow query falls through to the index.
    const walk = walkTextMatches(db, f, words, revision, need, WALK_BUDGET);
    if (walk === undefined) return undefined;
    if (walk.complete || walk.rowids.length === need) return answer(walk, 0);
  }
  let boundKnown = false;
  if (text.match !== undefined) {
    const indexed = textIndexCountUpTo(db, text.match, TEXT_TOTAL_BOUND);
    if (indexed === 0) return { total: 0, totalExact: true, rows: [] };
    if (indexed < TEXT_TOTAL_BOUND) return allMatches(db, f, text, key, revision, limit, offset);
    // Every word indexed: the index's matches are the query's, so the bound is reached without walking to it.
    boundKnown = text.likeWords.length === 0;
  }
  const walk = walkTextMatches(db, f, words, revision, boundKnown ? offset + limit + 1 : need);
  return walk === undefined ? undefined : answer(walk, boundKnown ? TEXT_TOTAL_BOUND : 0);
}

/**
 * A text query: its matches in order from the connection's cache while the transceivers' revision is the one they
 * were read under (paging, the same search again). Otherwise, unless an exact count is asked for, the first page
 * through firstPageOfText; else every match from SQL, whose number is the exact total.
 */
function listByText(
  db: AppDatabase,
  f: TransceiverQuery,
  text: TextPlan,
  strategy: TextStrategy,
  count: CountMode,
  revision: number | undefined,
  limit: number,
  offset: number,
): TransceiverListPage {
  const key = cacheKey(f, strategy);
  const matches = revision === undefined ? undefined : db.local(MATCH_CACHE).get(key, revision);
  if (matches !== undefined) return { total: matches.length, totalExact: true, rows: rowsAt(db, matches.subarray(offset, offset + limit), revision) };
  if (strategy === 'index' && count === 'auto' && revision !== undefined && !hasFilters(f)) {
    const page = firstPageOfText(db, f, text, key, revision, limit, offset);
    if (page !== undefined) return page;
  }
  return allMatches(db, f, text, key, revision, limit, offset);
}

/**
 * One page of the list and the number of matches, read in one transaction so that both come from one snapshot even
 * while another process writes (and so that the revision a cached entry is checked against is the snapshot's).
 * The total is exact unless `count` is 'auto' and a text query matches many rows (then `totalExact` is false).
 */
export function listTransceivers(
  db: AppDatabase,
  f: TransceiverQuery,
  limit: number,
  offset: number,
  strategy: TextStrategy = 'index',
  count: CountMode = 'auto',
): TransceiverListPage {
  // Inside a caller's transaction (a write, say) the revision read may yet be rolled back and then reached again by
  // other rows, so only a read in a transaction of its own may use and fill the cache.
  // TRANSITION: the revisions are gone (migration 020); the catalogue-list rewrite removes the caches.
  const own = false;
  const read = (): TransceiverListPage => {
    // While the text index is still being built in the background (the first start after an upgrade), `q` scans:
    // the same rows, found slower and counted exactly, until the build completes.
    const effective: TextStrategy = strategy;
    const text = textPlan(f, effective);
    const revision = own ? listRevision(db) : undefined;
    if (hasText(text)) return listByText(db, f, text, effective, count, revision, limit, offset);
    return { ...listByIndexes(db, f, text, revision, limit, offset), totalExact: true };
  };
  return own ? db.sqlite.transaction(read)() : read();
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

/**
 * Refills the text index from the catalogue in one transaction (after a VACUUM, rowids may have moved; the benchmark
 * times it), leaving nothing for a background build.
 * It raises the transceivers' revision as well: the list's cached matches are rowids, which a VACUUM may have moved.
 */
export function rebuildTransceiverTextIndex(db: AppDatabase, nowIso = new Date().toISOString()): void {
  db.sqlite.transaction(() => {
    db.sqlite.exec(`INSERT INTO ${transceiverTextIndexTable.name} (${transceiverTextIndexTable.name}) VALUES ('delete-all')`);
    db.sqlite.exec(
      `INSERT INTO ${transceiverTextIndexTable.name} (rowid, part_number, name, form_factor, standard)
       SELECT rowid, lower(part_number), lower(name), lower(form_factor), lower(standard) FROM transceivers`,
    );
    db.sqlite.exec(`UPDATE ${transceiverListRevisionTable.name} SET revision = revision + 1 WHERE id = 1`);
    markTextIndexComplete(db, nowIso);
  })();
}
