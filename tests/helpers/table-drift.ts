import { sql } from 'kysely';
import type { AppDatabase } from '../../src/service/db/database.js';
import type { ColumnSpec, ColumnWrite, SqlType, TableDeclaration } from '../../src/service/db/tables/table-spec.js';

type TableKind = TableDeclaration['kind'];

/** One column as the engine reports it, in the terms of a declaration. */
interface ActualColumn {
  name: string;
  /** The declaration's type for the engine's type; '' where the engine has none (a SQLite view's expression). */
  type: SqlType | '';
  /** What the engine calls the type, for messages. */
  engineType: string;
  nullable: boolean;
  write: ColumnWrite;
}

/** The tables an FTS5 virtual table keeps its index in (named <table>_<suffix>); they belong to the module. */
const FTS5_SHADOW_SUFFIXES = ['data', 'idx', 'content', 'docsize', 'config'];

/**
 * The migrator's ledger is created by one text on both engines (db/migrator.ts); its version is a rowid alias on
 * SQLite only, and the migrator always writes it, so it is declared as given on every insert.
 */
const LEDGER = 'schema_migrations';

/** Tables, views and virtual tables of a database, without the engine's own (sqlite_sequence ...) and without shadow tables. */
export async function migratedTables(db: AppDatabase): Promise<Map<string, TableKind>> {
  if (db.engine === 'postgres') {
    const { rows } = await sql<{ name: string; type: string }>`SELECT table_name AS name, table_type AS type FROM information_schema.tables
      WHERE table_schema = current_schema()`.execute(db.kysely);
    return new Map(rows.map((r) => [r.name, r.type === 'VIEW' ? 'view' : 'table']));
  }
  const { rows } = await sql<{ name: string; type: 'table' | 'view'; sql: string }>`SELECT name, type, sql FROM sqlite_master
    WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`.execute(db.kysely);
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql)).map((r) => r.name);
  const shadow = new Set(virtual.flatMap((name) => FTS5_SHADOW_SUFFIXES.map((suffix) => `${name}_${suffix}`)));
  return new Map(rows.filter((r) => !shadow.has(r.name)).map((r) => [r.name, virtual.includes(r.name) ? 'virtual' : r.type]));
}

interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

async function sqliteColumns(db: AppDatabase, declaration: TableDeclaration): Promise<ActualColumn[]> {
  const { rows } = await sql<SqliteColumn>`SELECT * FROM pragma_table_xinfo(${declaration.name})`.execute(db.kysely);
  // A virtual table's hidden columns (FTS5: the table-named column and rank) are the module's, not declared.
  const columns = rows.filter((c) => declaration.kind !== 'virtual' || c.hidden !== 1);
  const primaryKeyColumns = columns.filter((c) => c.pk > 0).length;
  return columns.map((c) => {
    const type = c.type.toUpperCase();
    const rowidAlias = c.pk === 1 && primaryKeyColumns === 1 && type === 'INTEGER' && declaration.name !== LEDGER;
    const computed = c.hidden === 2 || c.hidden === 3;
    return {
      name: c.name,
      type: type === 'TEXT' || type === 'INTEGER' || type === 'REAL' || type === 'BLOB' ? type : '',
      engineType: type || 'no type',
      // A PRIMARY KEY column is treated as NOT NULL even where SQLite's legacy rule would accept NULL in it.
      nullable: c.notnull === 0 && c.pk === 0,
      write: computed ? 'computed' : c.dflt_value !== null || rowidAlias ? 'defaulted' : 'required',
    };
  });
}

const POSTGRES_TYPES: Record<string, SqlType> = { text: 'TEXT', integer: 'INTEGER', bigint: 'INTEGER', 'double precision': 'REAL', bytea: 'BLOB' };

interface PostgresColumn {
  name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

async function postgresColumns(db: AppDatabase, declaration: TableDeclaration): Promise<ActualColumn[]> {
  const { rows } = await sql<PostgresColumn>`SELECT column_name AS name, data_type, is_nullable, column_default, is_identity, is_generated
    FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${declaration.name}
    ORDER BY ordinal_position`.execute(db.kysely);
  return rows.map((c) => ({
    name: c.name,
    type: POSTGRES_TYPES[c.data_type] ?? '',
    engineType: c.data_type,
    nullable: c.is_nullable === 'YES',
    write: c.is_generated === 'ALWAYS' ? 'computed' : c.column_default !== null || c.is_identity === 'YES' ? 'defaulted' : 'required',
  }));
}

function columnProblems(where: string, kind: TableKind, name: string, spec: ColumnSpec, column: ActualColumn): string[] {
  if (kind === 'view' || kind === 'virtual') {
    // A view's columns are checked by name and, where the engine knows one, type (views have no NOT NULL or default).
    if (column.type !== '' && spec.sqlType !== 'ANY' && column.type !== spec.sqlType)
      return [`${where}.${name}: declared ${spec.sqlType}, view yields ${column.engineType}`];
    return [];
  }
  const problems: string[] = [];
  if (column.type !== spec.sqlType) problems.push(`${where}.${name}: declared ${spec.sqlType}, database has ${column.engineType}`);
  if (spec.nullable !== column.nullable)
    problems.push(`${where}.${name}: declared ${spec.nullable ? 'nullable' : 'NOT NULL'}, database has ${column.nullable ? 'nullable' : 'NOT NULL'}`);
  // A derived column is an ordinary column with a DEFAULT to the engine; its triggers are what make it derived.
  const write = spec.write === 'derived' ? 'defaulted' : spec.write;
  if (write !== column.write) problems.push(`${where}.${name}: declared ${spec.write}, database makes it ${column.write}`);
  return problems;
}

/**
 * Every way a declaration can disagree with the table the engine has: missing or undeclared columns, order, type,
 * nullability, and whether the engine fills the column (DEFAULT, rowid alias, identity) or computes it (GENERATED
 * ALWAYS). Views are checked by column names and, where the engine knows one, type.
 */
export async function declarationProblems(db: AppDatabase, declaration: TableDeclaration): Promise<string[]> {
  const where = declaration.name;
  const columns = db.engine === 'postgres' ? await postgresColumns(db, declaration) : await sqliteColumns(db, declaration);
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
  for (const [name, spec] of declared) {
    const column = columns.find((c) => c.name === name);
    if (column) problems.push(...columnProblems(where, declaration.kind, name, spec, column));
  }
  return problems;
}
