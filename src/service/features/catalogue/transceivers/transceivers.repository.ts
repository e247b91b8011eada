import { type Compilable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import { cachedStatement } from '../../../db/statement-cache.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import { transceiverListRevisionTable } from '../../../db/tables/catalogue-revision.tables.js';
import { transceiverTextIndexTable } from '../../../db/tables/catalogue-text.tables.js';
import { MATCH_CACHE, type RowidList, toRowidList } from './transceiver-list.cache.js';
import { type KeptPage, PAGE_CACHE } from './transceiver-page.cache.js';
import { hasFilters, hasText, orderTerms, type TextPlan, type TextStrategy, textPlan, type TransceiverQuery, whereOf } from './transceiver-query.sql.js';
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

/**
 * A text query: its matches in order, from the connection's cache while the transceivers' revision is the one they
 * were read under (paging, the same search again), else from SQL. The total is their number, so it is exact and
 * costs nothing once the matches are known; the page is the rows at those rowids.
 */
function listByText(db: AppDatabase, f: TransceiverQuery, text: TextPlan, strategy: TextStrategy, revision: number | undefined, limit: number, offset: number) {
  const cache = db.local(MATCH_CACHE);
  const key = cacheKey(f, strategy);
  let matches = revision === undefined ? undefined : cache.get(key, revision);
  if (matches === undefined) {
    matches = matchesInOrder(db, f, text);
    if (revision !== undefined) cache.set(key, revision, matches);
  }
  return { total: matches.length, rows: rowsAt(db, matches.subarray(offset, offset + limit), revision) };
}

/**
 * One page of the list and the number of matches, read in one transaction so that both come from one snapshot even
 * while another process writes (and so that the revision a cached entry is checked against is the snapshot's).
 */
export function listTransceivers(
  db: AppDatabase,
  f: TransceiverQuery,
  limit: number,
  offset: number,
  strategy: TextStrategy = 'index',
): { total: number; rows: TransceiverRow[] } {
  const text = textPlan(f, strategy);
  // Inside a caller's transaction (a write, say) the revision read may yet be rolled back and then reached again by
  // other rows, so only a read in a transaction of its own may use and fill the cache.
  const own = !db.sqlite.inTransaction;
  const read = () => {
    const revision = own ? listRevision(db) : undefined;
    return hasText(text) ? listByText(db, f, text, strategy, revision, limit, offset) : listByIndexes(db, f, text, revision, limit, offset);
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
 * Refills the text index from the catalogue (migrations/012 does this once; after a VACUUM, rowids may have moved).
 * It raises the transceivers' revision as well: the list's cached matches are rowids, which a VACUUM may have moved.
 */
export function rebuildTransceiverTextIndex(db: AppDatabase): void {
  db.sqlite.transaction(() => {
    db.sqlite.exec(`INSERT INTO ${transceiverTextIndexTable.name} (${transceiverTextIndexTable.name}) VALUES ('delete-all')`);
    db.sqlite.exec(
      `INSERT INTO ${transceiverTextIndexTable.name} (rowid, part_number, name, form_factor, standard)
       SELECT rowid, lower(part_number), lower(name), lower(form_factor), lower(standard) FROM transceivers`,
    );
    db.sqlite.exec(`UPDATE ${transceiverListRevisionTable.name} SET revision = revision + 1 WHERE id = 1`);
  })();
}
