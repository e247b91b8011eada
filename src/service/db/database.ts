import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CoreTables } from './tables/core.tables.js';

export interface AppDatabase {
  /** The raw connection, for migrations, transactions and pragmas. */
  sqlite: Database.Database;
  /** Typed for the core tables; a repository widens it with the declarations it reads: kysely.withTables<CatalogueTables>(). */
  kysely: Kysely<CoreTables>;
  file: string;
  close(): Promise<void>;
  /**
   * The value a repository keeps beside this connection (prepared statements, caches that check a revision before
   * use), made by `slot.create` on first use and dropped with the connection: two connections never share one, so two
   * services in one process share nothing.
   */
  local<T>(slot: ConnectionSlot<T>): T;
}

/** A key for AppDatabase.local: a constant object naming what to make for each connection. */
export interface ConnectionSlot<T> {
  create(sqlite: Database.Database): T;
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode. busy_timeout lets a second process wait for a
 * write lock (for example two instances migrating one data directory) instead of failing at once.
 */
export function openDatabase(file: string): AppDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  const kysely = new Kysely<CoreTables>({ dialect: new SqliteDialect({ database: sqlite }) });
  let closed = false;
  const locals = new Map<ConnectionSlot<unknown>, unknown>();
  return {
    sqlite,
    kysely,
    file,
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy() closes the better-sqlite3 handle it was given.
      await kysely.destroy();
      if (sqlite.open) sqlite.close();
      locals.clear();
    },
    local<T>(slot: ConnectionSlot<T>): T {
      if (!locals.has(slot)) locals.set(slot, slot.create(sqlite));
      return locals.get(slot) as T;
    },
  };
}
