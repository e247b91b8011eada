import type { Compilable, Kysely } from 'kysely';
import type { SqlDialect } from './dialects/sql-dialect.js';
import type { DatabaseTarget } from './database-target.js';
import { openPostgres } from './engines/postgres.engine.js';
import { openSqlite } from './engines/sqlite.engine.js';
import type { CoreTables } from './tables/core.tables.js';

export type Engine = DatabaseTarget['engine'];

/** A subscription to a notification channel; stop() ends it. */
export interface Listener {
  stop(): Promise<void>;
}

/**
 * The one way the service reaches its data, on either engine. Repositories build their SQL with `kysely` and ask
 * `dialect` where the engines differ; a caller that needs several statements to stand or fall together runs them in
 * `transaction`, whose callback receives the same interface bound to the transaction.
 */
export interface AppDatabase {
  readonly engine: Engine;
  /** Typed for the core tables; a repository widens it with the declarations it reads: kysely.withTables<CatalogueTables>(). */
  readonly kysely: Kysely<CoreTables>;
  /** The SQL that differs between the engines, one method per concern. */
  readonly dialect: SqlDialect;
  /** The database as a log line may name it: the SQLite file, or the PostgreSQL URL without its password. */
  readonly location: string;
  /** True inside transaction(): the statements run on the transaction's connection. */
  readonly inTransaction: boolean;
  /**
   * Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). Inside one, a nested call
   * joins the outer transaction. Every statement of `fn` must go through the `tx` it receives: on SQLite the outer
   * handle waits for the transaction to end.
   */
  transaction<T>(fn: (tx: AppDatabase) => Promise<T>): Promise<T>;
  /**
   * Runs a read-only statement where it cannot hold the event loop, for reads that scan many rows (aggregates): on
   * SQLite, whose statements run on the calling thread, in a reader thread with a connection of its own (it sees
   * committed data); on PostgreSQL as any statement. Inside a transaction it runs on the transaction.
   */
  readAside<R>(query: Compilable<R>): Promise<R[]>;
  /**
   * Brings the planner's statistics up to date after a bulk write, so lists are planned on the tables' real sizes and
   * spreads. Exact statistics of a large table take a while to gather: SQLite gathers them in its reader thread, on a
   * connection of its own.
   */
  refreshPlannerStatistics(): Promise<void>;
  /**
   * Runs `fn` in a transaction that holds the database's migration lock, so two processes starting on one database
   * never migrate it at once; `script` runs a text of several statements (a migration) inside it.
   */
  exclusive<T>(fn: (tx: AppDatabase, script: (text: string) => Promise<void>) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of each notification on `channel` (PostgreSQL's NOTIFY, sent at commit by
   * another process or this one). SQLite has no notifications: its listener never calls, and followers poll instead.
   */
  listen(channel: string, onMessage: (payload: string) => void, onError: (error: Error) => void): Promise<Listener>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Told about errors of idle pooled PostgreSQL connections (the pool replaces them). */
  onIdleError?: (error: Error) => void;
}

/** Opens (creating a SQLite file if needed) the database a target names. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<AppDatabase> {
  if (target.engine === 'sqlite') return openSqlite(target.file);
  return openPostgres({ url: target.url, poolSize: target.poolSize, ...(options.onIdleError ? { onIdleError: options.onIdleError } : {}) });
}
