import type { Generated, GeneratedAlways } from 'kysely';

/**
 * Tables are declared once, as values: the column list exists at run time (so a test can hold it against the
 * migrated database, and the seed loader can build its SQL from it) and the Kysely table types are derived from it.
 */

/**
 * The declared SQLite type; views' computed columns (count(*) ...) have none. On PostgreSQL TEXT is text, INTEGER is
 * integer or bigint, REAL is double precision, BLOB is bytea.
 */
export type SqlType = 'TEXT' | 'INTEGER' | 'REAL' | 'BLOB' | 'ANY';

/** The engines a table exists on (see TableDeclaration.engines). */
export type TableEngine = 'sqlite' | 'postgres';

/**
 * How a column is written: given on every insert, or optional because the engine fills it (DEFAULT; on SQLite an
 * INTEGER PRIMARY KEY or AUTOINCREMENT, on PostgreSQL an identity), or never: the engine computes it (GENERATED
 * ALWAYS), or it starts at its DEFAULT and the migration's triggers keep it from other tables (derived).
 */
export type ColumnWrite = 'required' | 'defaulted' | 'derived' | 'computed';

export interface ColumnSpec<T = unknown, W extends ColumnWrite = ColumnWrite> {
  readonly sqlType: SqlType;
  readonly nullable: boolean;
  readonly write: W;
  /** Carries the TypeScript type only; never set. */
  readonly valueType?: T;
}

export interface Column<T, W extends ColumnWrite> extends ColumnSpec<T, W> {
  /** NULL allowed (no NOT NULL in the migration). */
  orNull(): Column<T | null, W>;
  /** The engine supplies a value when an insert leaves the column out. */
  defaulted(): Column<T, 'defaulted'>;
  /** DEFAULT, then kept by triggers from other tables: no insert names it, and a copy leaves it to the triggers. */
  derived(): Column<T, 'derived'>;
  /** GENERATED ALWAYS: read-only. */
  computed(): Column<T, 'computed'>;
}

function column<T, W extends ColumnWrite>(sqlType: SqlType, nullable: boolean, write: W): Column<T, W> {
  return {
    sqlType,
    nullable,
    write,
    orNull: () => column<T | null, W>(sqlType, true, write),
    defaulted: () => column<T, 'defaulted'>(sqlType, nullable, 'defaulted'),
    derived: () => column<T, 'derived'>(sqlType, nullable, 'derived'),
    computed: () => column<T, 'computed'>(sqlType, nullable, 'computed'),
  };
}

/** Text; the type parameter narrows a closed vocabulary (the migration's CHECK constraint). */
export const text = <T extends string = string>() => column<T, 'required'>('TEXT', false, 'required');
export const integer = <T extends number = number>() => column<T, 'required'>('INTEGER', false, 'required');
export const real = () => column<number, 'required'>('REAL', false, 'required');
/** Bytes (a Buffer on both engines). */
export const blob = () => column<Buffer, 'required'>('BLOB', false, 'required');
/** A view column computed by an expression (no declared type); the type says what the expression yields. */
export const computedValue = <T>() => column<T, 'required'>('ANY', true, 'required');

export type ColumnSpecs = Record<string, ColumnSpec>;

export interface TableDeclaration<N extends string = string, C extends ColumnSpecs = ColumnSpecs> {
  readonly name: N;
  /** 'virtual': CREATE VIRTUAL TABLE (an FTS5 index); its module's shadow tables are its own business, not declared. */
  readonly kind: 'table' | 'view' | 'virtual';
  /** In the migration's order: the seed data set's files and INSERT statements use this order. */
  readonly columns: C;
  /** The engines whose migrations create it: both, except an engine's own index structure (SQLite's FTS5 tables). */
  readonly engines: readonly TableEngine[];
}

const BOTH_ENGINES: readonly TableEngine[] = ['sqlite', 'postgres'];

export function table<const N extends string, C extends ColumnSpecs>(name: N, columns: C): TableDeclaration<N, C> {
  return { name, kind: 'table', columns, engines: BOTH_ENGINES };
}

export function view<const N extends string, C extends ColumnSpecs>(name: N, columns: C): TableDeclaration<N, C> {
  return { name, kind: 'view', columns, engines: BOTH_ENGINES };
}

/**
 * A virtual table (FTS5, SQLite only: PostgreSQL answers the same queries from an index on the table itself): its
 * columns have no SQLite type, so they are declared with computedValue().
 */
export function virtualTable<const N extends string, C extends ColumnSpecs>(name: N, columns: C): TableDeclaration<N, C> {
  return { name, kind: 'virtual', columns, engines: ['sqlite'] };
}

type KyselyColumn<S> =
  S extends ColumnSpec<infer T, 'computed'>
    ? GeneratedAlways<T>
    : S extends ColumnSpec<infer T, 'defaulted' | 'derived'>
      ? Generated<T>
      : S extends ColumnSpec<infer T>
        ? T
        : never;

/** The Kysely table type of a declaration (Generated<> where the engine fills a column). */
export type TableRow<D extends TableDeclaration> = { [K in keyof D['columns']]: KyselyColumn<D['columns'][K]> };

/** The Kysely database type of several declarations, keyed by table name (for db.kysely.withTables<...>()). */
export type TablesOf<Ds extends readonly TableDeclaration[]> = { [D in Ds[number] as D['name']]: TableRow<D> };

/** The columns an insert may name, in declared order (computed and derived columns are the engine's). */
export function writableColumns(declaration: TableDeclaration): string[] {
  return Object.entries(declaration.columns)
    .filter(([, spec]) => spec.write !== 'computed' && spec.write !== 'derived')
    .map(([name]) => name);
}
