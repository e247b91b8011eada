import type { Statement } from 'better-sqlite3';
import type { AppDatabase, ConnectionSlot } from './database.js';

/** How a statement hands back its rows: objects keyed by column, arrays in column order (raw), or the first column (pluck). */
export type RowShape = 'objects' | 'raw' | 'pluck';

/** Enough for every hot read of a session; a query built from user input never grows it past this. */
const MAX_STATEMENTS = 200;

interface StatementCache {
  get(sql: string, shape: RowShape): Statement<unknown[]>;
}

const STATEMENTS: ConnectionSlot<StatementCache> = {
  create(sqlite) {
    const kept = new Map<string, Statement<unknown[]>>();
    return {
      get(sql, shape) {
        const key = `${shape}:${sql}`;
        let statement = kept.get(key);
        if (statement !== undefined) {
          // Most recently used last, so the first entry is the one to drop.
          kept.delete(key);
        } else {
          statement = sqlite.prepare<unknown[]>(sql);
          if (shape === 'raw') statement.raw(true);
          if (shape === 'pluck') statement.pluck(true);
          if (kept.size >= MAX_STATEMENTS) kept.delete(kept.keys().next().value!);
        }
        kept.set(key, statement);
        return statement;
      },
    };
  },
};

/**
 * A prepared statement of this connection for `sql`, parsed once and kept (the least recently used beyond 200 are
 * dropped): a hot read that prepares its SQL on every call spends as long parsing it as running it.
 */
export function cachedStatement(db: AppDatabase, sql: string, shape: RowShape = 'objects'): Statement<unknown[]> {
  return db.local(STATEMENTS).get(sql, shape);
}
