import { type ExpressionBuilder, type Selectable, sql, type SqlBool, type Expression } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import type { TransceiverSortField } from '../../../../shared/vocabulary/catalogue.vocabulary.js';

export type TransceiverRow = Selectable<TransceiversTable> & { vendor_name: string; vendor_kind: 'operator' | 'oem' | 'competitor' };

/** Filters after the service has resolved names (form factor, standard) and parsed the speed. */
export interface TransceiverQuery {
  formFactor?: string;
  speedGbps?: number;
  fiberType?: string;
  wdmType?: string;
  dataConfidence?: string;
  reachMin?: number;
  reachMax?: number;
  vendorId?: string;
  standard?: string;
  detailsVerified?: boolean;
  text?: string;
  sort: TransceiverSortField;
  order: 'asc' | 'desc';
}

type Eb = ExpressionBuilder<CatalogueTables & { t: TransceiversTable }, 't'>;

/** LIKE treats % and _ as wildcards; a text query means them literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The distinct words of a text query (at most MAX_TEXT_WORDS: each one adds a condition). */
const MAX_TEXT_WORDS = 8;
function textWords(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [...new Set(text.split(/\s+/).filter((w) => w !== ''))].slice(0, MAX_TEXT_WORDS);
}

function whereOf(eb: Eb, f: TransceiverQuery): Expression<SqlBool> {
  const conds: Expression<SqlBool>[] = [];
  if (f.formFactor !== undefined) conds.push(eb('t.form_factor', '=', f.formFactor));
  if (f.speedGbps !== undefined) conds.push(eb('t.speed_gbps', '=', f.speedGbps));
  if (f.fiberType !== undefined) conds.push(eb('t.fiber_type', '=', f.fiberType));
  if (f.wdmType !== undefined) conds.push(eb('t.wdm_type', '=', f.wdmType));
  if (f.dataConfidence !== undefined) conds.push(eb('t.data_confidence', '=', f.dataConfidence));
  if (f.vendorId !== undefined) conds.push(eb('t.vendor_id', '=', f.vendorId));
  if (f.standard !== undefined) conds.push(eb('t.standard', '=', f.standard));
  if (f.detailsVerified !== undefined) conds.push(eb('t.details_verified', '=', f.detailsVerified ? 1 : 0));
  // A reach of 0 means "unknown", exactly like NULL: such products never fall inside a reach range.
  if (f.reachMin !== undefined || f.reachMax !== undefined) conds.push(eb('t.reach_meters', '>', 0));
  if (f.reachMin !== undefined) conds.push(eb('t.reach_meters', '>=', f.reachMin));
  if (f.reachMax !== undefined) conds.push(eb('t.reach_meters', '<=', f.reachMax));
  // Every word must appear, in any order, in one of the fields a salesperson types from: "QSFP28 LR4" finds the
  // QSFP28 modules whose standard is 100GBASE-LR4 although no single field holds both words.
  for (const word of textWords(f.text)) {
    const pattern = likePattern(word);
    conds.push(
      eb.or([
        sql<SqlBool>`t.part_number LIKE ${pattern} ESCAPE '\\'`,
        sql<SqlBool>`t.name LIKE ${pattern} ESCAPE '\\'`,
        sql<SqlBool>`t.form_factor LIKE ${pattern} ESCAPE '\\'`,
        sql<SqlBool>`t.standard LIKE ${pattern} ESCAPE '\\'`,
      ]),
    );
  }
  return eb.and(conds);
}

const SORT_COLUMNS: Record<Exclude<TransceiverSortField, 'reach_meters'>, string> = {
  part_number: 't.part_number',
  name: 't.name',
  speed_gbps: 't.speed_gbps',
  form_factor: 't.form_factor',
  vendor: 't.vendor_id',
  data_confidence: 't.data_confidence',
  updated_at: 't.updated_at',
};

export async function listTransceivers(
  db: AppDatabase,
  f: TransceiverQuery,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: TransceiverRow[] }> {
  const k = db.kysely.withTables<CatalogueTables>();
  const countRow = await k
    .selectFrom('transceivers as t')
    .where((eb) => whereOf(eb, f))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  let query = k
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .selectAll('t')
    .select(['v.name as vendor_name', 'v.kind as vendor_kind'])
    .where((eb) => whereOf(eb, f));
  const direction = f.order === 'desc' ? sql`desc` : sql`asc`;
  if (f.sort === 'reach_meters' && f.reachMin === undefined && f.reachMax === undefined) {
    // Unknown reaches (NULL or 0) go last whichever the direction.
    query = query.orderBy(sql`nullif(t.reach_meters, 0) is null`).orderBy(sql`nullif(t.reach_meters, 0) ${direction}`);
  } else {
    // With a reach range every row has a known reach, so the plain column (and its index) gives the same order.
    const column = f.sort === 'reach_meters' ? 't.reach_meters' : SORT_COLUMNS[f.sort];
    query = query.orderBy(sql`${sql.ref(column)} ${direction}`);
  }
  // The rowid breaks ties, so paging through equal sort keys neither repeats nor skips rows; every index ends in
  // the rowid, so the tie-break costs no extra sort (migrations/006_catalogue_api.sql).
  const rows = await query
    .orderBy(sql`t.rowid ${direction}`)
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(countRow.n), rows };
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
