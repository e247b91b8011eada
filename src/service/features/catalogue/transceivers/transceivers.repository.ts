import { type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import { hasConditions, orderTerms, textWords, type TransceiverQuery, type VendorsByWord, vendorsByWord, whereOf } from './transceiver-query.sql.js';

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

/** How many rows match: without a condition no WHERE at all, so SQLite counts its smallest b-tree without reading rows. */
function countQuery(db: AppDatabase, f: TransceiverQuery, vendors: VendorsByWord) {
  return catalogue(db)
    .selectFrom('transceivers as t')
    .$if(hasConditions(f), (qb) => qb.where((eb) => whereOf(eb, f, db.dialect, vendors)))
    .select(sql<number>`count(*)`.as('n'));
}

/**
 * The statement of one page of the list with the number of matches: the count is an uncorrelated subquery, computed
 * once, beside the page that the engine reads in sort order from an index ending in id and stops after `limit` rows.
 */
function pageQuery(db: AppDatabase, f: TransceiverQuery, limit: number, offset: number, vendors: VendorsByWord) {
  // The page's ids first: where no index yields the order, the engine sorts and skips (sort key, id) pairs rather
  // than whole rows, and only the page's rows are read in full.
  let ids = catalogue(db)
    .selectFrom('transceivers as t')
    .select('t.id')
    .$if(hasConditions(f), (qb) => qb.where((eb) => whereOf(eb, f, db.dialect, vendors)));
  for (const term of orderTerms(f)) ids = ids.orderBy(term);
  let query = catalogue(db)
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .selectAll('t')
    .select(['v.name as vendor_name', 'v.kind as vendor_kind', countQuery(db, f, vendors).as('list_total')])
    .where('t.id', 'in', ids.limit(limit).offset(offset));
  for (const term of orderTerms(f)) query = query.orderBy(term);
  return query;
}

/** The list's statement for a page, as listTransceivers runs it (the benchmark runs it straight through the engine). */
export async function listPageQuery(db: AppDatabase, f: TransceiverQuery, limit: number, offset: number) {
  return pageQuery(db, f, limit, offset, await textVendors(db, f));
}

/**
 * One page of the list and the number of matches, in one statement, so both come from one snapshot on either engine
 * without a transaction. Only a page past the end has no row to carry the count, which is then read on its own. A text
 * query reads the vendors' names just before (a vendor renamed in between is found by its new name on the next read).
 */
export async function listTransceivers(db: AppDatabase, f: TransceiverQuery, limit: number, offset: number): Promise<TransceiverListPage> {
  const vendors = await textVendors(db, f);
  const found = await pageQuery(db, f, limit, offset, vendors).execute();
  if (found.length === 0) {
    const total = offset === 0 ? 0 : Number((await countQuery(db, f, vendors).executeTakeFirstOrThrow()).n);
    return { total, rows: [] };
  }
  const total = Number(found[0]!.list_total);
  const rows = found.map(({ list_total: _total, ...row }) => row as TransceiverRow);
  return { total, rows };
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
