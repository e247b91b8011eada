import { sql } from 'kysely';
import { type ConstraintKind, likePattern, type SqlDialect } from './sql-dialect.js';

const CONSTRAINTS: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
};

export const sqliteDialect: SqlDialect = {
  // SQLite's LIKE already ignores the case of ASCII letters.
  containsText: (value, word) => sql<boolean>`${value} LIKE ${likePattern(word)} ESCAPE '\\'`,
  likeIgnoringCase: (value, pattern) => sql<boolean>`${value} LIKE ${pattern}`,
  equalsIgnoringCase: (value, other) => sql<boolean>`${value} = ${other} COLLATE NOCASE`,
  sameJson: (a, b) => sql<boolean>`json(${a}) = json(${b})`,
  jsonArrayHasNumber: (array, value) => sql<boolean>`exists (select 1 from json_each(${array}) j where j.value = ${value})`,
  nowIso: () => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  constraintViolation(error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? CONSTRAINTS[code] : undefined;
  },
  // An INTEGER PRIMARY KEY takes the largest stored id plus one.
  continueGeneratedIds: () => null,
};
