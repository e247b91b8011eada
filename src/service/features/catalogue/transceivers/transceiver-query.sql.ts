import { type Expression, type ExpressionBuilder, type RawBuilder, sql, type SqlBool } from 'kysely';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import { transceiverTextIndexTable } from '../../../db/tables/catalogue-text.tables.js';
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

/** The trigram index finds words of at least this many characters (code points); shorter ones have no trigram. */
const MIN_INDEXED_WORD = 3;

/** SQLite's LIKE and lower() fold ASCII letters only; the index holds lower(field), so a query word is folded alike. */
function lowerAscii(word: string): string {
  return word.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The words the trigram index answers (indexable), as one FTS5 query: each word a quoted phrase (a `"` doubled, so no word is
 * read as FTS5 syntax), all of them required. Undefined when no word is long enough.
 */
function indexable(word: string): boolean {
  // FTS5's query parser ends a string at NUL ("unterminated string"); such a word keeps LIKE, whatever LIKE makes of it.
  return [...word].length >= MIN_INDEXED_WORD && !word.includes('\0');
}

function textIndexQuery(words: string[]): string | undefined {
  const indexed = words.filter(indexable);
  if (indexed.length === 0) return undefined;
  return indexed.map((w) => `"${lowerAscii(w).replace(/"/g, '""')}"`).join(' AND ');
}

/** How the text query `q` is answered: by the trigram index (default) or by scanning (the reference the tests compare against). */
export type TextStrategy = 'index' | 'scan';

const TEXT_INDEX = sql.table(transceiverTextIndexTable.name);

function indexMatch(match: string): Expression<SqlBool> {
  return sql<SqlBool>`t.rowid IN (SELECT rowid FROM ${TEXT_INDEX} WHERE ${TEXT_INDEX} MATCH ${match})`;
}

export interface TextPlan {
  /** FTS5 query for the indexed words, if any. */
  match?: string;
  /** Words matched by LIKE (all of them when scanning, the short ones otherwise). */
  likeWords: string[];
  /** Every word of the query (distinct, at most MAX_TEXT_WORDS), as typed. */
  words: string[];
}

export function textPlan(f: TransceiverQuery, strategy: TextStrategy): TextPlan {
  const words = textWords(f.text);
  const match = strategy === 'index' ? textIndexQuery(words) : undefined;
  if (match === undefined) return { likeWords: words, words };
  return { match, likeWords: words.filter((w) => !indexable(w)), words };
}

/** A UTF-16 surrogate without its pair: SQLite receives it as another character, so a substring test in JavaScript could differ. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The query's words lowered as SQLite's LIKE compares them, for a substring test in memory that finds exactly the
 * rows the scan's LIKE finds; undefined when a word could compare otherwise there (LIKE ends a pattern at NUL).
 */
export function walkWords(text: TextPlan): string[] | undefined {
  if (text.words.some((w) => w.includes('\0') || LONE_SURROGATE.test(w))) return undefined;
  return text.words.map(lowerAscii);
}

/** Whether the plan has a text condition at all (a query of blanks has none). */
export function hasText(text: TextPlan): boolean {
  return text.match !== undefined || text.likeWords.length > 0;
}

export function whereOf(eb: Eb, f: TransceiverQuery, text: TextPlan): Expression<SqlBool> {
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
  if (text.match !== undefined) conds.push(indexMatch(text.match));
  // Every word must appear, in any order, in one of the fields a salesperson types from: "QSFP28 LR4" finds the
  // QSFP28 modules whose standard is 100GBASE-LR4 although no single field holds both words.
  for (const word of text.likeWords) {
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

/** Whether any filter other than the text is set. */
export function hasFilters(f: TransceiverQuery): boolean {
  const { sort: _sort, order: _order, text: _text, ...filters } = f;
  return Object.values(filters).some((v) => v !== undefined);
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

/**
 * The ORDER BY terms of the list, ending in the rowid: the rowid breaks ties, so paging through equal sort keys neither
 * repeats nor skips rows, and every index ends in the rowid, so the tie-break costs no extra sort
 * (migrations/006_catalogue_api.sql).
 */
export function orderTerms(f: TransceiverQuery, text: TextPlan): RawBuilder<unknown>[] {
  const direction = f.order === 'desc' ? sql`desc` : sql`asc`;
  const rowid = sql`t.rowid ${direction}`;
  if (f.sort === 'reach_meters' && f.reachMin === undefined && f.reachMax === undefined) {
    // Unknown reaches (NULL or 0) go last whichever the direction.
    return [sql`nullif(t.reach_meters, 0) is null`, sql`nullif(t.reach_meters, 0) ${direction}`, rowid];
  }
  // With a reach range every row has a known reach, so the plain column (and its index) gives the same order.
  const column = f.sort === 'reach_meters' ? 't.reach_meters' : SORT_COLUMNS[f.sort];
  // A text query reads all its matches (the list keeps them in order, transceivers.repository.ts). A unary + keeps
  // SQLite from reading a sort index end to end and each row behind it: it seeks the index's matches by rowid, or
  // scans the table in storage order for LIKE, and sorts what matched (half the time of the walk at 100,000 rows).
  const key = hasText(text) ? sql`+${sql.ref(column)}` : sql.ref(column);
  return [sql`${key} ${direction}`, rowid];
}
