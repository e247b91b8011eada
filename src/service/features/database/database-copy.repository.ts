import { type Kysely, sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';

/**
 * The statements of copy-database. The tables are named by the declarations (src/service/db/tables), not known to
 * Kysely's types, so they are reached through an untyped view of the same connection. The source is the laptop's
 * SQLite file and the target a team's PostgreSQL database, always: the statements that only one engine has say so.
 */
type AnyTables = Record<string, Record<string, unknown>>;

export type Row = Record<string, unknown>;

function untyped(db: AppDatabase): Kysely<AnyTables> {
  return db.kysely as unknown as Kysely<AnyTables>;
}

/** Whether the table holds at least one row. */
export async function tableHasRows(db: AppDatabase, table: string): Promise<boolean> {
  const row = await untyped(db)
    .selectFrom(table)
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRows(db: AppDatabase, table: string): Promise<number> {
  const row = await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The table's rows, one at a time, without holding the whole table in memory. */
export function streamRows(db: AppDatabase, table: string, columns: readonly string[]): AsyncIterableIterator<Row> {
  return untyped(db).selectFrom(table).select(columns).stream();
}

/** Writes rows whose keys are the table's columns, in one statement. */
export async function insertRows(db: AppDatabase, table: string, rows: readonly Row[]): Promise<void> {
  await untyped(db).insertInto(table).values(rows).execute();
}

/**
 * PostgreSQL (the target): for each table, the tables its foreign keys reference, read from the standard catalogue
 * views. A table's reference to itself is left out (it is deferred, see deferForeignKeys).
 */
export async function foreignKeyParents(db: AppDatabase): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ child: string; parent: string }>`SELECT DISTINCT tc.table_name AS child, ccu.table_name AS parent
    FROM information_schema.table_constraints tc
    JOIN information_schema.constraint_column_usage ccu
      ON ccu.constraint_schema = tc.constraint_schema AND ccu.constraint_name = tc.constraint_name
    WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`.execute(db.kysely);
  const parents = new Map<string, string[]>();
  for (const { child, parent } of rows) if (child !== parent) parents.set(child, [...(parents.get(child) ?? []), parent]);
  return parents;
}

/** PostgreSQL (the target): checks deferrable foreign keys (a form factor's supersedes) at commit instead of per row. */
export async function deferForeignKeys(db: AppDatabase): Promise<void> {
  await sql`SET CONSTRAINTS ALL DEFERRED`.execute(db.kysely);
}

/** PostgreSQL (the target): the identity columns, which a copy of explicit keys leaves at their start. */
export async function identityColumns(db: AppDatabase): Promise<Array<{ table: string; column: string }>> {
  const { rows } = await sql<{ table: string; column: string }>`SELECT table_name AS "table", column_name AS "column"
    FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(db.kysely);
  return rows;
}

/** The next value of an identity column follows the largest key in the table (a copy writes explicit keys). */
export async function resetIdentity(db: AppDatabase, table: string, column: string): Promise<void> {
  const statement = db.dialect.continueGeneratedIds(table, column);
  if (statement !== null) await statement.execute(db.kysely);
}
