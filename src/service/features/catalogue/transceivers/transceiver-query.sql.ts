import { type Expression, type ExpressionBuilder, type RawBuilder, sql, type SqlBool } from 'kysely';
import { lowerAscii, type SqlDialect, type TextWord } from '../../../db/dialects/sql-dialect.js';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import type { TransceiverSortField } from '../../../../shared/vocabulary/catalogue.vocabulary.js';

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

/** Each word of a text query adds a condition, so only the first few distinct ones count. */
const MAX_TEXT_WORDS = 8;

/** The distinct words of a text query (at most MAX_TEXT_WORDS), as typed; a query of blanks has none. */
export function textWords(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [...new Set(text.split(/\s+/).filter((w) => w !== ''))].slice(0, MAX_TEXT_WORDS);
}

function hasFilters(f: TransceiverQuery): boolean {
  const { sort: _sort, order: _order, text: _text, ...filters } = f;
  return Object.values(filters).some((v) => v !== undefined);
}

/** Whether any condition applies (a query of blanks is none): without one, the list reads no WHERE at all. */
export function hasConditions(f: TransceiverQuery): boolean {
  return textWords(f.text).length > 0 || hasFilters(f);
}

/** Whether the text query is the list's only condition. */
export function onlyText(f: TransceiverQuery): boolean {
  return textWords(f.text).length > 0 && !hasFilters(f);
}

/** Per word of the text query, the vendors whose name holds it (the same rule as the fields: ASCII case folded). */
export type VendorsByWord = ReadonlyMap<string, readonly string[]>;

export function vendorsByWord(words: readonly string[], vendors: ReadonlyArray<{ id: string; name: string }>): VendorsByWord {
  const folded = vendors.map((v) => ({ id: v.id, name: lowerAscii(v.name) }));
  return new Map(words.map((word) => [word, folded.filter((v) => v.name.includes(lowerAscii(word))).map((v) => v.id)]));
}

/** The text query's words, each with the vendors whose name holds it. */
export function textWordsWithVendors(f: TransceiverQuery, vendors: VendorsByWord): TextWord[] {
  return textWords(f.text).map((word) => ({ word, vendorIds: vendors.get(word) ?? [] }));
}

export function whereOf(eb: Eb, f: TransceiverQuery, dialect: SqlDialect, vendors: VendorsByWord): Expression<SqlBool> {
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
  const words = textWordsWithVendors(f, vendors);
  if (words.length > 0) conds.push(dialect.transceiverTextMatch(words));
  return eb.and(conds);
}

const SORT_COLUMNS = {
  part_number: 't.part_number',
  name: 't.name',
  speed_gbps: 't.speed_gbps',
  form_factor: 't.form_factor',
  vendor: 't.vendor_id',
  data_confidence: 't.data_confidence',
  updated_at: 't.updated_at',
} as const satisfies Record<Exclude<TransceiverSortField, 'reach_meters'>, `t.${string}`>;

/** Every column a sort reads (orderTerms), besides the id. */
export const SORT_INPUT_COLUMNS = [...Object.values(SORT_COLUMNS), 't.reach_meters'] as const;

/**
 * The ORDER BY terms of the list, ending in t.id: the id breaks ties, so paging through equal sort keys neither
 * repeats nor skips rows, and every sort has an index ending in id (migrations/sqlite/020_engine_indexes.sql), so a
 * page is read in order from the index and stops after its rows.
 */
export function orderTerms(f: TransceiverQuery): RawBuilder<unknown>[] {
  const desc = f.order === 'desc';
  const direction = desc ? sql`desc` : sql`asc`;
  const id = sql`t.id ${direction}`;
  if (f.sort === 'reach_meters' && f.reachMin === undefined && f.reachMax === undefined) {
    // Unknown reaches (NULL or 0) go last whichever the direction: ascending, "unknown" sorts after known; descending,
    // "known" sorts before unknown. Each spelling is the leading term of its own index, read forwards or backwards.
    const unknownLast = desc ? sql`(nullif(t.reach_meters, 0) IS NOT NULL) desc` : sql`(nullif(t.reach_meters, 0) IS NULL) asc`;
    return [unknownLast, sql`nullif(t.reach_meters, 0) ${direction}`, id];
  }
  // With a reach range every row has a known reach, so the plain column (and its index) gives the same order.
  const column = f.sort === 'reach_meters' ? 't.reach_meters' : SORT_COLUMNS[f.sort];
  return [sql`${sql.ref(column)} ${direction}`, id];
}
