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
  /** `value` equals `other`, ignoring the case of ASCII letters. */
  equalsIgnoringCase(value: Expression<string | null>, other: string): Expression<SqlBool>;
  /** The current time as ISO-8601 UTC text with milliseconds (how every time column is stored). */
  nowIso(): RawBuilder<string>;
  /** `jsonArray` (a TEXT column holding a JSON array of strings) holds at least one of `values` (not empty). */
  jsonArrayHasAny(jsonArray: Expression<string | null>, values: readonly string[]): Expression<SqlBool>;
  /** The integrity rule a failed statement broke, or undefined when the error is not a constraint violation. */
  constraintViolation(error: unknown): ConstraintKind | undefined;
}

/** LIKE treats % and _ as wildcards; a text query means them literally (with ESCAPE '\'). */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
