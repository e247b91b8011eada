import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** Tables the core owns. Features describe their own tables and widen the type with kysely.withTables<T>(). */
export interface CoreTables {
  schema_migrations: {
    version: number;
    name: string;
    checksum: string;
    applied_at: string;
  };
}

export interface AppDatabase {
  /** The raw connection, for migrations, transactions and pragmas. */
  sqlite: Database.Database;
  kysely: Kysely<CoreTables>;
  file: string;
  close(): Promise<void>;
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
    },
  };
}
