import { type Expression, sql, type SqlBool } from 'kysely';
import { type ConstraintKind, likePattern, lowerAscii, type SqlDialect, type TextWord, TRANSCEIVER_TEXT_FIELDS } from './sql-dialect.js';

/**
 * The server cannot be reached or is going away: the socket errors of a refused or broken connection, the pool's
 * connection timeout, and SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown,
 * restart, not accepting connections yet).
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  return error instanceof Error && UNREACHABLE_MESSAGES.test(error.message);
}

/** SQLSTATE class 23 (integrity constraint violation). */
const CONSTRAINTS: Record<string, ConstraintKind> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23514': 'check',
  '23502': 'not_null',
};

/**
 * The fields of the text query in one text, each lowered and separated by chr(31) (a unit separator no query word of
 * this path holds, so no match spans two fields): the stored column of migrations/postgres/021, with its trigram index.
 */
const TRANSCEIVER_TEXT = sql.ref('t.search_text');

/** PostgreSQL text cannot hold NUL, so no field contains a word that does (and the parameter would be refused). */
const NOTHING = sql<SqlBool>`false`;

/** Only ASCII, and no chr(31): the words the trigram index answers. */
function indexedWord(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code > 0x7f || code === 0x1f) return false;
  }
  return true;
}

/**
 * One word of the catalogue's text query. An ASCII word is ASCII-lowered and looked up in the trigram index over
 * TRANSCEIVER_TEXT. lower() there follows the database's locale, which also lowers non-ASCII letters, so a word with
 * any non-ASCII character (where that would differ from SQLite's ASCII-only folding: "über" must not find "ÜBER") is
 * compared field by field, lowered under the C collation (ASCII letters only), without the index; so is a word holding
 * chr(31), which could otherwise match across two fields. The one difference left: the index lowers the two
 * characters whose lowercase is ASCII (U+0130 to i, U+212A to k), so an ASCII word may also find those. The vendors'
 * rows join as a list of ids, so the planner can combine the trigram index with the vendor index (BitmapOr).
 */
function wordMatch({ word, vendorIds }: TextWord): Expression<SqlBool> {
  if (word.includes('\0')) return NOTHING;
  const pattern = likePattern(lowerAscii(word));
  const conds: Expression<SqlBool>[] = indexedWord(word)
    ? [sql<SqlBool>`${TRANSCEIVER_TEXT} LIKE ${pattern} ESCAPE '\\'`]
    : TRANSCEIVER_TEXT_FIELDS.map((field) => sql<SqlBool>`lower(${sql.ref(`t.${field}`)} COLLATE "C") LIKE ${pattern} ESCAPE '\\'`);
  if (vendorIds.length > 0) conds.push(sql<SqlBool>`t.vendor_id IN (${sql.join(vendorIds)})`);
  return sql<SqlBool>`(${sql.join(conds, sql` OR `)})`;
}

/** Each word a condition of its own: the planner ANDs their index scans (BitmapAnd) or rechecks the rarest's rows. */
function transceiverTextMatch(words: readonly TextWord[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(words.map(wordMatch), sql` AND `)})`;
}

export const postgresDialect: SqlDialect = {
  // set_config(..., true) is SET LOCAL: the setting ends with the transaction, so a pooled connection never carries it on.
  rowViewer: (viewer) => sql`select set_config('app.viewer', ${viewer}, true)`,
  containsText: (value, word) => sql<boolean>`${value} ILIKE ${likePattern(word)} ESCAPE '\\'`,
  likeIgnoringCase: (value, pattern) => sql<boolean>`${value} ILIKE ${pattern}`,
  equalsIgnoringCase: (value, other) => sql<boolean>`lower(${value}) = lower(${other})`,
  jsonArrayHasNumber: (array, value) =>
    sql<boolean>`exists (select 1 from jsonb_array_elements(CAST(${array} AS jsonb)) j(v) where jsonb_typeof(j.v) = 'number' and CAST(j.v AS numeric) = ${value})`,
  nowIso: () => sql<string>`to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  jsonArrayHasAny: (jsonArray, values) =>
    sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(CAST(${jsonArray} AS jsonb)) AS element(value) WHERE element.value IN (${sql.join(values)}))`,
  unavailable: unreachable,
  processesShareMachine: () => false,
  refreshPlannerStatistics: () => sql`ANALYZE`,
  constraintViolation(error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? CONSTRAINTS[code] : undefined;
  },
  // An identity or serial column's sequence does not see explicit values; without this the next insert repeats an id.
  continueGeneratedIds: (table, column) =>
    sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false) FROM ${sql.table(table)}`,
  transceiverTextMatch,
  // The trigram index cannot tell a match without reading the row (every hit is checked against the text).
  transceiverTextOnly: () => undefined,
  // The default random_page_cost (4) prices an index page read out of order for a spinning disk, so the planner reads
  // every column of every catalogue row rather than the much smaller index of search_text (migrations/postgres/026)
  // for a short word or a vendor's name. The catalogue sits in memory or on SSD. Set for the list's own reads only:
  // for the whole session it turned other statements' plans (the comparable prices' refresh) from 1 s into 30 s.
  catalogueListPlanning: () => sql`SET LOCAL random_page_cost = 1.1`,
};
