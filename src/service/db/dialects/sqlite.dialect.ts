import { type Expression, sql, type SqlBool } from 'kysely';
import { type ConstraintKind, likePattern, lowerAscii, type SqlDialect, type TextWord, TRANSCEIVER_TEXT_FIELDS } from './sql-dialect.js';

const CONSTRAINTS: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
};

/** FTS5's trigram tokenizer finds phrases of at least three characters (code points); shorter ones have no trigram. */
const MIN_INDEXED_WORD = 3;

/** No stored text reaches past a NUL in a comparison (LIKE and FTS5 both end a string there): such a word matches nothing. */
const NOTHING = sql<SqlBool>`0 = 1`;

/**
 * One word of the catalogue's text query. migrations/sqlite/020 keeps lower() of each field (ASCII letters only) in
 * the contentless FTS5 table transceiver_text_index (case-sensitive trigrams, keyed by the transceivers rowid), so a
 * word of three or more characters, ASCII-lowered and quoted as one phrase (a `"` doubled, so nothing in it reads as
 * FTS5 syntax), matches exactly where LIKE would; shorter words are matched by LIKE, which ignores ASCII case here.
 * The vendors' rows join as a second list, which SQLite reads through the vendor index (a multi-index OR).
 */
const phrase = (word: string) => `"${lowerAscii(word).replace(/"/g, '""')}"`;
/**
 * The rows whose index entry matches. `leads: false` puts a unary + before the rowid, which keeps the list from leading
 * the plan: SQLite then walks the sort index and checks each rowid against the list.
 */
const indexed = (match: string, leads = true) =>
  sql<SqlBool>`${sql.raw(leads ? '' : '+')}t.rowid IN (SELECT rowid FROM transceiver_text_index WHERE transceiver_text_index MATCH ${match})`;

function wordMatch({ word, vendorIds }: TextWord): Expression<SqlBool> {
  if (word.includes('\0')) return NOTHING;
  const conds: Expression<SqlBool>[] = [];
  if ([...word].length >= MIN_INDEXED_WORD) conds.push(indexed(phrase(word)));
  else {
    const pattern = likePattern(word);
    for (const field of TRANSCEIVER_TEXT_FIELDS) conds.push(sql<SqlBool>`${sql.ref(`t.${field}`)} LIKE ${pattern} ESCAPE '\\'`);
  }
  if (vendorIds.length > 0) conds.push(sql<SqlBool>`t.vendor_id IN (${sql.join(vendorIds)})`);
  return sql<SqlBool>`(${sql.join(conds, sql` OR `)})`;
}

/** A word the index alone answers: three characters or more, no NUL, and no vendor's name holds it. */
const indexOnly = (w: TextWord) => w.vendorIds.length === 0 && !w.word.includes('\0') && [...w.word].length >= MIN_INDEXED_WORD;

/** The words as one MATCH expression (FTS5 intersects their lists). */
const matchAll = (words: readonly TextWord[]) => words.map((w) => phrase(w.word)).join(' AND ');

/** The indexed words that no vendor's name holds are asked of the index in one MATCH. */
function transceiverTextMatch(words: readonly TextWord[]): Expression<SqlBool> {
  const together = words.filter(indexOnly);
  const conds = words.filter((w) => !together.includes(w)).map(wordMatch);
  if (together.length > 0) conds.unshift(indexed(matchAll(together)));
  return sql<SqlBool>`(${sql.join(conds, sql` AND `)})`;
}

/**
 * When the index alone answers every word, its rowids are the matching products (the triggers of migrations/sqlite/020
 * keep one index row per product): the count reads the index without visiting the products, and a page walks the sort
 * index checking rowids against the list, which needs no product row either.
 */
function transceiverTextOnly(words: readonly TextWord[]) {
  if (words.length === 0 || !words.every(indexOnly)) return undefined;
  const match = matchAll(words);
  return {
    count: sql<number>`(SELECT count(*) FROM transceiver_text_index WHERE transceiver_text_index MATCH ${match})`,
    alongSortIndex: indexed(match, false),
  };
}

export const sqliteDialect: SqlDialect = {
  rowViewer: () => null,
  // SQLite's LIKE already ignores the case of ASCII letters.
  containsText: (value, word) => sql<boolean>`${value} LIKE ${likePattern(word)} ESCAPE '\\'`,
  likeIgnoringCase: (value, pattern) => sql<boolean>`${value} LIKE ${pattern}`,
  equalsIgnoringCase: (value, other) => sql<boolean>`${value} = ${other} COLLATE NOCASE`,
  jsonArrayHasNumber: (array, value) => sql<boolean>`exists (select 1 from json_each(${array}) j where j.value = ${value})`,
  nowIso: () => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  jsonArrayHasAny: (jsonArray, values) => sql<boolean>`EXISTS (SELECT 1 FROM json_each(${jsonArray}) WHERE json_each.value IN (${sql.join(values)}))`,
  // The file stayed locked by another process for longer than busy_timeout.
  unavailable: (error) => ['SQLITE_BUSY', 'SQLITE_LOCKED'].includes(String((error as { code?: unknown } | null)?.code)),
  processesShareMachine: () => true,
  // Analyses only the tables whose statistics are missing or stale, reading a bounded sample of each.
  refreshPlannerStatistics: () => sql`PRAGMA optimize`,
  constraintViolation(error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? CONSTRAINTS[code] : undefined;
  },
  // An INTEGER PRIMARY KEY takes the largest stored id plus one.
  continueGeneratedIds: () => null,
  transceiverTextMatch,
  transceiverTextOnly,
  catalogueListPlanning: () => null,
};
