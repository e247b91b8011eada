import { sql } from 'kysely';
import { type ConstraintKind, likePattern, type SqlDialect } from './sql-dialect.js';

/** SQLSTATE class 23 (integrity constraint violation). */
const CONSTRAINTS: Record<string, ConstraintKind> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23514': 'check',
  '23502': 'not_null',
};

export const postgresDialect: SqlDialect = {
  containsText: (value, word) => sql<boolean>`${value} ILIKE ${likePattern(word)} ESCAPE '\\'`,
  equalsIgnoringCase: (value, other) => sql<boolean>`lower(${value}) = lower(${other})`,
  nowIso: () => sql<string>`to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  jsonArrayHasAny: (jsonArray, values) =>
    sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(CAST(${jsonArray} AS jsonb)) AS element(value) WHERE element.value IN (${sql.join(values)}))`,
  constraintViolation(error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? CONSTRAINTS[code] : undefined;
  },
};
