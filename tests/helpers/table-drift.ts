import type Database from 'better-sqlite3';
import type { TableDeclaration } from '../../src/service/db/tables/table-spec.js';

interface DbColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

/** The tables an FTS5 virtual table keeps its index in (named <table>_<suffix>); they belong to the module. */
const FTS5_SHADOW_SUFFIXES = ['data', 'idx', 'content', 'docsize', 'config'];

/** Tables, views and virtual tables of a database, without SQLite's own (sqlite_sequence ...) and without shadow tables. */
export function migratedTables(sqlite: Database.Database): Map<string, 'table' | 'view' | 'virtual'> {
  const rows = sqlite
    .prepare("SELECT name, type, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .all() as Array<{ name: string; type: 'table' | 'view'; sql: string }>;
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name);
  const shadow = new Set(virtual.flatMap((name) => FTS5_SHADOW_SUFFIXES.map((suffix) => `${name}_${suffix}`)));
  return new Map(rows.filter((r) => !shadow.has(r.name)).map((r) => [r.name, virtual.includes(r.name) ? 'virtual' : r.type]));
}

/**
 * Every way a declaration can disagree with the table SQLite has: missing or undeclared columns, order, type,
 * nullability, and whether SQLite fills the column (DEFAULT, rowid alias) or computes it (GENERATED ALWAYS).
 * Views are checked by column names and, where SQLite knows one, type.
 */
export function declarationProblems(sqlite: Database.Database, declaration: TableDeclaration): string[] {
  const where = declaration.name;
  // A virtual table's hidden columns (FTS5: the table-named column and rank) are the module's, not declared.
  const columns = (sqlite.prepare(`SELECT * FROM pragma_table_xinfo(?)`).all(where) as DbColumn[]).filter(
    (c) => declaration.kind !== 'virtual' || c.hidden !== 1,
  );
  if (columns.length === 0) return [`${where}: no such table in the migrated database`];
  const problems: string[] = [];
  const declared = Object.entries(declaration.columns);
  const declaredNames = declared.map(([name]) => name);
  const actualNames = columns.map((c) => c.name);
  for (const name of actualNames) if (!declaredNames.includes(name)) problems.push(`${where}.${name}: in the database but not declared`);
  for (const name of declaredNames) if (!actualNames.includes(name)) problems.push(`${where}.${name}: declared but not in the database`);
  if (problems.length === 0 && declaredNames.join() !== actualNames.join()) {
    problems.push(`${where}: columns declared in the order ${declaredNames.join(', ')}; the migration has ${actualNames.join(', ')}`);
  }
  const primaryKeyColumns = columns.filter((c) => c.pk > 0).length;
  for (const [name, spec] of declared) {
    const column = columns.find((c) => c.name === name);
    if (!column) continue;
    const actualType = column.type.toUpperCase();
    if (declaration.kind === 'view' || declaration.kind === 'virtual') {
      if (actualType !== '' && spec.sqlType !== 'ANY' && actualType !== spec.sqlType)
        problems.push(`${where}.${name}: declared ${spec.sqlType}, view yields ${actualType}`);
      continue;
    }
    if (actualType !== spec.sqlType) problems.push(`${where}.${name}: declared ${spec.sqlType}, database has ${actualType || 'no type'}`);
    // A PRIMARY KEY column is treated as NOT NULL even where SQLite's legacy rule would accept NULL in it.
    const nullable = column.notnull === 0 && column.pk === 0;
    if (spec.nullable !== nullable)
      problems.push(`${where}.${name}: declared ${spec.nullable ? 'nullable' : 'NOT NULL'}, database has ${nullable ? 'nullable' : 'NOT NULL'}`);
    const rowidAlias = column.pk === 1 && primaryKeyColumns === 1 && actualType === 'INTEGER';
    const computed = column.hidden === 2 || column.hidden === 3;
    const write = computed ? 'computed' : column.dflt_value !== null || rowidAlias ? 'defaulted' : 'required';
    if (spec.write !== write) problems.push(`${where}.${name}: declared ${spec.write}, database makes it ${write}`);
  }
  return problems;
}
