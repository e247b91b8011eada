import type { CompiledQuery, Kysely } from 'kysely';
import type { AppDatabase, Engine, Listener } from '../database.js';
import type { SqlDialect } from '../dialects/sql-dialect.js';
import type { CoreTables } from '../tables/core.tables.js';

/** What an engine supplies beyond Kysely: how it runs a script of several statements and takes the migration lock. */
export interface EngineParts {
  engine: Engine;
  dialect: SqlDialect;
  location: string;
  /** Runs a text of several statements on the transaction `trx` (no parameters). */
  runScript(trx: Kysely<CoreTables>, text: string): Promise<void>;
  /** Takes the database-wide migration lock for the rest of the transaction `trx`. */
  lockForMigration(trx: Kysely<CoreTables>): Promise<void>;
  /** Subscribes to a notification channel (AppDatabase.listen). */
  listen(channel: string, onMessage: (payload: string) => void, onError: (error: Error) => void): Promise<Listener>;
  /** Runs a read-only statement off the event loop (AppDatabase.readAside); left out where statements never hold it. */
  readAside?(query: CompiledQuery): Promise<unknown[]>;
  /** Refreshes the planner's statistics off the event loop (AppDatabase.refreshPlannerStatistics); left out where the engine's statement does not hold it. */
  refreshStatisticsAside?(): Promise<void>;
  close(): Promise<void>;
}

/** The AppDatabase over a Kysely instance: the pool (or SQLite handle) at the top, a transaction inside transaction(). */
export function boundDatabase(kysely: Kysely<CoreTables>, parts: EngineParts, inTransaction = false): AppDatabase {
  const self: AppDatabase = {
    engine: parts.engine,
    kysely,
    dialect: parts.dialect,
    location: parts.location,
    inTransaction,
    transaction(fn) {
      if (inTransaction) return fn(self);
      return kysely.transaction().execute((trx) => fn(boundDatabase(trx, parts, true)));
    },
    exclusive(fn) {
      if (inTransaction) throw new Error('exclusive() opens a transaction of its own and cannot run inside another');
      return kysely.transaction().execute(async (trx) => {
        await parts.lockForMigration(trx);
        return fn(boundDatabase(trx, parts, true), (text) => parts.runScript(trx, text));
      });
    },
    async readAside<R>(query: { compile(): CompiledQuery<R> }) {
      const compiled = query.compile();
      if (inTransaction || !parts.readAside) return (await kysely.executeQuery(compiled)).rows;
      return (await parts.readAside(compiled)) as R[];
    },
    async refreshPlannerStatistics() {
      if (parts.refreshStatisticsAside && !inTransaction) return parts.refreshStatisticsAside();
      await parts.dialect.refreshPlannerStatistics().execute(kysely);
    },
    listen: parts.listen,
    close: inTransaction ? () => Promise.reject(new Error('close the database, not a transaction')) : parts.close,
  };
  return self;
}
