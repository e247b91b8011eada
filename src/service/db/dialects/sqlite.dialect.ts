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
  equalsIgnoringCase: (value, other) => sql<boolean>`${value} = ${other} COLLATE NOCASE`,
  nowIso: () => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  jsonArrayHasAny: (jsonArray, values) => sql<boolean>`EXISTS (SELECT 1 FROM json_each(${jsonArray}) WHERE json_each.value IN (${sql.join(values)}))`,
  constraintViolation(error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? CONSTRAINTS[code] : undefined;
  },
};
