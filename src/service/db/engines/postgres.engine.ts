import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { AppDatabase } from '../database.js';
import { redactDatabaseUrl } from '../database-target.js';
import { postgresDialect } from '../dialects/postgres.dialect.js';
import type { CoreTables } from '../tables/core.tables.js';
import { boundDatabase } from './bound-database.js';
import { listenPostgres } from './postgres.listener.js';

const INT8 = 20;
const NUMERIC = 1700;

/**
 * count(*) and sums come back as int8 and numeric, which pg hands over as strings; the service's numbers fit a double,
 * as they do on SQLite, so both engines return the same JavaScript types.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

const CONNECT_TIMEOUT_MS = 5_000;

/** Any fixed number: the key of the advisory lock that lets one process at a time migrate this database. */
const MIGRATION_LOCK_KEY = 7_331_020;

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** Told about errors of idle pooled connections (the server restarted, say); the pool replaces them. */
  onIdleError?: (error: Error) => void;
}

/** A pool of `poolSize` connections to the database of `url`; the first query proves it can be reached. */
export async function openPostgres(options: PostgresOptions): Promise<AppDatabase> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    types,
    application_name: 'transceiver-intelligence',
    // A request waits at most this long for a connection while the server is away, then answers 503.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Connections stay open once made: a new one costs its first requests the server's first look at every table they
    // read (tens of ms), which pg's default of closing idle connections after 10 s made the first reads after any pause pay.
    idleTimeoutMillis: 0,
  });
  // A connection the server drops emits 'error': on the pool while idle, on the client while a query holds it (the
  // query fails as well). Unheard, either would end the process; the pool replaces the connection.
  pool.on('error', (error) => options.onIdleError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
  const kysely = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(kysely);
  } catch (error) {
    await kysely.destroy();
    throw new Error(`Cannot reach PostgreSQL at ${redactDatabaseUrl(options.url)}: ${(error as Error).message}`, { cause: error });
  }
  let closed = false;
  return boundDatabase(kysely, {
    engine: 'postgres',
    dialect: postgresDialect,
    location: redactDatabaseUrl(options.url),
    // Without parameters pg sends the simple query protocol, which runs a script of several statements.
    runScript: async (trx, text) => void (await sql.raw(text).execute(trx)),
    lockForMigration: async (trx) => void (await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx)),
    listen: (channel, onMessage, onError) => listenPostgres(options.url, channel, onMessage, onError),
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  });
}
