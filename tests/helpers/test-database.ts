import { createHash } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { SERVICE_ROLE } from '../../scripts/postgres/throwaway-cluster.js';

/** The engine this test run uses: the postgres project sets TEST_ENGINE=postgres, everything else runs on SQLite. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The database of a data directory: the same folder names the same database, so a restarted test service finds its data. */
function databaseNameFor(dataDir: string): string {
  return `ti_${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;
}

/** The URL of `database` as the service's own role (no superuser, no BYPASSRLS), as a team server connects. */
function serviceUrlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  url.username = SERVICE_ROLE;
  return url.toString();
}

async function onMaintenance<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(inject('postgresUrl'));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The environment that points a service at the test database of `dataDir`: nothing on SQLite (the file lives in the
 * data directory), DATABASE_URL of a database made for it on PostgreSQL, owned by the service's restricted role and
 * reached as that role, so the row-level security policies are in force in every test.
 */
export async function testDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (TEST_ENGINE === 'sqlite') return {};
  const name = databaseNameFor(dataDir);
  await onMaintenance(async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${name} OWNER ${SERVICE_ROLE}`);
  });
  return { DATABASE_URL: serviceUrlOf(inject('postgresUrl'), name) };
}

/** Drops the test database of `dataDir` (PostgreSQL); the SQLite file goes with its folder. */
export async function dropTestDatabase(dataDir: string): Promise<void> {
  if (TEST_ENGINE === 'sqlite') return;
  await onMaintenance((client) => client.query(`DROP DATABASE IF EXISTS ${databaseNameFor(dataDir)} WITH (FORCE)`));
}
