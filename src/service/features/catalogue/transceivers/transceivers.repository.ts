import { type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import { hasConditions, orderTerms, type TransceiverQuery, whereOf } from './transceiver-query.sql.js';

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

/** How many rows match: without a condition no WHERE at all, so SQLite counts its smallest b-tree without reading rows. */
function countQuery(db: AppDatabase, f: TransceiverQuery) {
  return catalogue(db)
    .selectFrom('transceivers as t')
    .$if(hasConditions(f), (qb) => qb.where((eb) => whereOf(eb, f, db.dialect)))
    .select(sql<number>`count(*)`.as('n'));
}

/**
 * The statement of one page of the list with the number of matches: the count is an uncorrelated subquery, computed
 * once, beside the page that the engine reads in sort order from an index ending in id and stops after `limit` rows.
 */
export function listPageQuery(db: AppDatabase, f: TransceiverQuery, limit: number, offset: number) {
  let query = catalogue(db)
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .selectAll('t')
    .select(['v.name as vendor_name', 'v.kind as vendor_kind', countQuery(db, f).as('list_total')])
    .$if(hasConditions(f), (qb) => qb.where((eb) => whereOf(eb, f, db.dialect)));
  for (const term of orderTerms(f)) query = query.orderBy(term);
  return query.limit(limit).offset(offset);
}

/**
 * One page of the list and the number of matches, in one statement, so both come from one snapshot on either engine
 * without a transaction. Only a page past the end has no row to carry the count, which is then read on its own.
 */
export async function listTransceivers(db: AppDatabase, f: TransceiverQuery, limit: number, offset: number): Promise<TransceiverListPage> {
  const found = await listPageQuery(db, f, limit, offset).execute();
  if (found.length === 0) {
    const total = offset === 0 ? 0 : Number((await countQuery(db, f).executeTakeFirstOrThrow()).n);
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
