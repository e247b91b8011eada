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
  likeIgnoringCase: (value, pattern) => sql<boolean>`${value} ILIKE ${pattern}`,
  equalsIgnoringCase: (value, other) => sql<boolean>`lower(${value}) = lower(${other})`,
  sameJson: (a, b) => sql<boolean>`CAST(${a} AS jsonb) = CAST(${b} AS jsonb)`,
  jsonArrayHasNumber: (array, value) =>
    sql<boolean>`exists (select 1 from jsonb_array_elements(CAST(${array} AS jsonb)) j(v) where jsonb_typeof(j.v) = 'number' and CAST(j.v AS numeric) = ${value})`,
  nowIso: () => sql<string>`to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  constraintViolation(error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? CONSTRAINTS[code] : undefined;
  },
  // An identity or serial column's sequence does not see explicit values; without this the next insert repeats an id.
  continueGeneratedIds: (table, column) =>
    sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false) FROM ${sql.table(table)}`,
};
