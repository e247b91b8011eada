import Database from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, Kysely, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppDatabase } from '../database.js';
import { sqliteDialect } from '../dialects/sqlite.dialect.js';
import type { CoreTables } from '../tables/core.tables.js';
import { createWorkerRunner } from '../../workers/worker-runner.js';
import { workerScript } from '../../workers/worker-script.js';
import { boundDatabase } from './bound-database.js';
import type { SqliteRead } from './sqlite-reader.worker.js';

/**
 * Transactions start with BEGIN IMMEDIATE, which takes the file's write lock at once: a transaction that reads and
 * then writes can otherwise fail with SQLITE_BUSY when another process (the CLI) wrote in between, and busy_timeout
 * makes the second writer wait instead of fail.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode. busy_timeout lets a second process wait for the write lock
 * (two instances migrating one data directory, the CLI importing while the service runs) instead of failing at once.
 */
export function openSqlite(file: string): AppDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const handle = new Database(file);
  handle.pragma('journal_mode = WAL');
  handle.pragma('synchronous = NORMAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 10000');
  // Statistics for tables that have none or stale ones, so a filter with a sort is planned on the real spread of values.
  handle.pragma('optimize = 0x10002');
  const kysely = new Kysely<CoreTables>({ dialect: new ImmediateSqliteDialect({ database: handle }) });
  let closed = false;
  // An in-memory database exists only on this handle; a file is opened again, read-only, by the reader thread.
  const reader =
    file === ':memory:'
      ? undefined
      : createWorkerRunner<SqliteRead, unknown[]>(workerScript(import.meta.url, 'sqlite-reader.worker'), 'SQLite reader', { workerData: { file } });
  return boundDatabase(kysely, {
    engine: 'sqlite',
    dialect: sqliteDialect,
    location: file,
    // better-sqlite3 prepares one statement at a time; exec runs a script on the handle, inside the open transaction.
    runScript: async (_trx, text) => void handle.exec(text),
    // BEGIN IMMEDIATE already holds the write lock: no other process migrates until this transaction ends.
    lockForMigration: async () => undefined,
    // One file has no notification channel; a process that shares it polls.
    listen: async () => ({ stop: async () => undefined }),
    ...(reader
      ? {
          readAside: (query: CompiledQuery) => reader.run({ sql: query.sql, parameters: [...query.parameters] }),
          refreshStatisticsAside: async () => {
            await reader.run({ refreshStatistics: true });
            // Another connection's ANALYZE reaches this one only when it reads its statistics again, which this does.
            handle.exec('ANALYZE sqlite_schema');
          },
        }
      : {}),
    async close() {
      if (closed) return;
      closed = true;
      await reader?.close();
      // Kysely's destroy() closes the better-sqlite3 handle it was given.
      await kysely.destroy();
      if (handle.open) handle.close();
    },
  });
}
