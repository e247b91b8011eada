import type { AppDatabase } from './database.js';
import type { RowViewer } from './dialects/sql-dialect.js';

export type { RowViewer } from './dialects/sql-dialect.js';

/**
 * Runs `fn` in one transaction whose row viewer is `viewer`: on PostgreSQL the row-level security policies then
 * show it the rows that viewer may read, whatever the statements of `fn` ask for. Inside a transaction already, the
 * setting holds for the rest of that transaction.
 */
export async function asRowViewer<T>(db: AppDatabase, viewer: RowViewer, fn: (tx: AppDatabase) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const statement = tx.dialect.rowViewer(viewer);
    if (statement) await statement.execute(tx.kysely);
    return fn(tx);
  });
}

/**
 * Reads as `viewer`: like asRowViewer where the engine has row-level security; elsewhere `fn` runs as it is, with
 * no transaction of its own (SQLite's would take the file's write lock for a read).
 */
export async function readAsRowViewer<T>(db: AppDatabase, viewer: RowViewer, fn: (tx: AppDatabase) => Promise<T>): Promise<T> {
  return db.dialect.rowViewer(viewer) === null ? fn(db) : asRowViewer(db, viewer, fn);
}
