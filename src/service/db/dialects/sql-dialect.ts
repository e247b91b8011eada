import type { Expression, RawBuilder, SqlBool } from 'kysely';

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
  /** Two JSON texts hold the same value, whatever their spacing ("[1310]" and "[ 1310 ]"). */
  sameJson(a: Expression<string | null>, b: Expression<string | null>): Expression<SqlBool>;
  /** The JSON array text `array` holds the number `value` ("[10,25]" holds 25). */
  jsonArrayHasNumber(array: Expression<string | null>, value: number): Expression<SqlBool>;
  /** The current time as ISO-8601 UTC text with milliseconds (how every time column is stored). */
  nowIso(): RawBuilder<string>;
  /** The integrity rule a failed statement broke, or undefined when the error is not a constraint violation. */
  constraintViolation(error: unknown): ConstraintKind | undefined;
  /**
   * After rows were inserted with explicit values in a column the database numbers (the seed data set's ids): the
   * statement that makes the next generated value follow the largest one stored, or null when the engine always does.
   */
  continueGeneratedIds(table: string, column: string): RawBuilder<unknown> | null;
}

/** LIKE treats % and _ as wildcards; a text query means them literally (with ESCAPE '\'). */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
