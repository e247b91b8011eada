import type { AppDatabase } from './database.js';
import type { RowViewer } from './dialects/sql-dialect.js';

export type { RowViewer } from './dialects/sql-dialect.js';

/**
 * Runs `fn` in a transaction whose row viewer is `viewer`: on PostgreSQL the row-level security policies then show
 * it the rows that viewer may read, whatever the statements of `fn` ask for. Inside a transaction already, the
 * setting holds for the rest of that transaction.
 */
export async function asRowViewer<T>(db: AppDatabase, viewer: RowViewer, fn: (tx: AppDatabase) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const statement = tx.dialect.rowViewer(viewer);
    if (statement) await statement.execute(tx.kysely);
    return fn(tx);
  });
}
