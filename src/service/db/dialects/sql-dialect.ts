import type { Expression, RawBuilder, SqlBool } from 'kysely';

/** One word of a text query and the vendors whose name holds it. */
export interface TextWord {
  word: string;
  vendorIds: readonly string[];
}

/**
 * Whose rows a transaction may read where the database guards them itself (internal_demand on PostgreSQL): a request
 * without a verified token, one with, or the service's own work on every row (imports, the seed, copies).
 */
export type RowViewer = 'anonymous' | 'authenticated' | 'service';

/** Which integrity rule a failed write broke, in words both engines' errors map to. */
export type ConstraintKind = 'unique' | 'foreign_key' | 'check' | 'not_null';

/**
 * Everything the two engines spell differently, one method per concern, so a repository never branches on the engine.
 * sqlite.dialect.ts and postgres.dialect.ts implement it side by side.
 */
export interface SqlDialect {
  /** `value` contains `word`, ignoring the case of ASCII letters; % and _ in the word are literal. */
  containsText(value: Expression<string | null>, word: string): Expression<SqlBool>;
  /** `value` matches the LIKE `pattern` (its % and _ are wildcards), ignoring the case of ASCII letters. */
  likeIgnoringCase(value: Expression<string | null>, pattern: string): Expression<SqlBool>;
  /** `value` equals `other`, ignoring the case of ASCII letters. */
  equalsIgnoringCase(value: Expression<string | null>, other: string): Expression<SqlBool>;
  /** The JSON array text `array` holds the number `value` ("[10,25]" holds 25). */
  jsonArrayHasNumber(array: Expression<string | null>, value: number): Expression<SqlBool>;
  /** The current time as ISO-8601 UTC text with milliseconds (how every time column is stored). */
  nowIso(): RawBuilder<string>;
  /** `jsonArray` (a TEXT column holding a JSON array of strings) holds at least one of `values` (not empty). */
  jsonArrayHasAny(jsonArray: Expression<string | null>, values: readonly string[]): Expression<SqlBool>;
  /** The integrity rule a failed statement broke, or undefined when the error is not a constraint violation. */
  constraintViolation(error: unknown): ConstraintKind | undefined;
  /** Whether a failed statement says the database cannot be reached now (a server restarting, a lock held too long). */
  unavailable(error: unknown): boolean;
  /**
   * The statement that makes `viewer` the row viewer for the rest of the transaction (the setting app.viewer that
   * the row-level security policies read), or null where the engine has none (SQLite: the repositories' guard alone).
   */
  rowViewer(viewer: RowViewer): RawBuilder<unknown> | null;
  /**
   * Whether every process using the database runs on this machine (SQLite: the database is a file on its disk), so a
   * process id one of them wrote names the same process for all; on a server, processes on other machines share it.
   */
  processesShareMachine(): boolean;
  /** The statement that refreshes the planner's statistics of the tables that need it. */
  refreshPlannerStatistics(): RawBuilder<unknown>;
  /**
   * After rows were inserted with explicit values in a column the database numbers (the seed data set's ids): the
   * statement that makes the next generated value follow the largest one stored, or null when the engine always does.
   */
  continueGeneratedIds(table: string, column: string): RawBuilder<unknown> | null;
  /**
   * The catalogue's text query, for a query over `transceivers AS t`: every word (no blanks in one) is a substring of
   * t.part_number, t.name, t.form_factor, t.standard or t.platform_coding, ignoring the case of ASCII letters only (%
   * and _ literal), or t belongs to one of the word's `vendorIds` (the vendors whose name holds the word, which the
   * caller finds: a list of ids is a condition either engine's planner can weigh and read by index). Read through the
   * engine's own text index.
   */
  transceiverTextMatch(words: readonly TextWord[]): Expression<SqlBool>;
  /**
   * For a list whose only condition is the text query: how to read it from the text index alone, or undefined where
   * the engine has no cheaper way than transceiverTextMatch. `count` is the number of matching products; `alongSortIndex`
   * is the same condition as transceiverTextMatch in a form that a walk of a sort index checks from the index's entries
   * (it does not lead the engine to read the matches first), so a page stops after its rows wherever they sit.
   */
  transceiverTextOnly(words: readonly TextWord[]): { count: RawBuilder<number>; alongSortIndex: Expression<SqlBool> } | undefined;
  /**
   * The statement that sets the planner up for the catalogue list's reads, for the rest of their transaction; null
   * where the engine needs none (the list then reads without a transaction of its own).
   */
  catalogueListPlanning(): RawBuilder<unknown> | null;
}

/** LIKE treats % and _ as wildcards; a text query means them literally (with ESCAPE '\'). */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The fields of transceivers the text query reads (besides the vendor's name), in the text index's order. */
export const TRANSCEIVER_TEXT_FIELDS = ['part_number', 'name', 'form_factor', 'standard', 'platform_coding'] as const;

/** Lowers A-Z only: both engines' text indexes hold fields lowered that way, so a word is folded alike. */
export function lowerAscii(word: string): string {
  return word.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}
