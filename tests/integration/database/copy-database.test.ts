import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { asRowViewer } from '../../../src/service/db/row-viewer.js';
import { migrate } from '../../../src/service/db/migrator.js';
import { tablesOf } from '../../../src/service/db/tables/all-tables.js';
import type { TableDeclaration } from '../../../src/service/db/tables/table-spec.js';
import { runCopyDatabaseCommand } from '../../../src/service/features/database/copy-database.cli.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { dropTestDatabase, TEST_ENGINE, testDatabaseEnv } from '../../helpers/test-database.js';
import { until } from '../../helpers/wait-until.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');
const POSTGRES_MIGRATIONS = resolve('migrations/postgres');
/** Every table both engines have, except each database's own migration ledger. */
const TABLES = tablesOf('postgres').filter((t) => t.kind === 'table' && t.name !== 'schema_migrations');

/** A fresh PostgreSQL database of the run's cluster (the folder only names it), migrated when asked. */
async function targetDatabase(migrated: boolean): Promise<{ dir: string; url: string; db: AppDatabase }> {
  const dir = mkdtempSync(join(tmpdir(), 'ti-copy-target-'));
  const { DATABASE_URL: url } = await testDatabaseEnv(dir);
  if (url === undefined) throw new Error('the postgres project provides a cluster');
  const db = await openDatabase({ engine: 'postgres', url, poolSize: 2 });
  if (migrated) await migrate(db, POSTGRES_MIGRATIONS);
  return { dir, url, db };
}

/** Row count and a checksum of a table's rows that does not depend on the order either engine returns them in. */
async function fingerprint(db: AppDatabase, table: TableDeclaration): Promise<{ rows: number; sha256: string }> {
  const columns = Object.keys(table.columns);
  // Every row, internal demand included: the row-level security would hide internal rows from any other viewer.
  const rows = await asRowViewer(db, 'service', (tx) =>
    (tx.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table.name).select(columns).execute(),
  );
  const lines = rows.map((row) => JSON.stringify(columns.map((c) => row[c] ?? null))).sort();
  return { rows: rows.length, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

async function rowsIn(db: AppDatabase): Promise<number> {
  return asRowViewer(db, 'service', async (tx) => {
    let total = 0;
    for (const table of TABLES) total += Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table.name)}`.execute(tx.kysely)).rows[0]?.n);
    return total;
  });
}

// The copy always goes from SQLite to PostgreSQL, so it needs the postgres project's cluster.
describe.runIf(TEST_ENGINE === 'postgres')("copy-database: a laptop's SQLite data into an empty PostgreSQL database", () => {
  let laptop: TestService;
  const targets: Array<{ dir: string; db: AppDatabase }> = [];

  const copy = async (url: string) => {
    const captured = captureStreams();
    const code = await runCopyDatabaseCommand(['--to', url], {
      streams: captured.streams,
      source: laptop.service.config.database,
      withSource: (work) => work(laptop.service.ctx.db),
      withTarget: (target) => async (work) => {
        const db = await openDatabase({ engine: 'postgres', url: target, poolSize: 2 });
        try {
          await migrate(db, POSTGRES_MIGRATIONS);
          return await work(db);
        } finally {
          await db.close();
        }
      },
    });
    return { code, stdout: captured.stdout(), stderr: captured.stderr() };
  };

  beforeAll(async () => {
    // The laptop: a seeded service on its SQLite file (no DATABASE_URL).
    laptop = await startTestService({ env: { SEED_ON_START: 'true', DATABASE_URL: undefined } });
    expect(laptop.service.ctx.db.engine).toBe('sqlite');
  });
  afterAll(async () => {
    for (const target of targets) {
      await target.db.close();
      await dropTestDatabase(target.dir);
      rmSync(target.dir, { recursive: true, force: true });
    }
    await laptop?.close();
  });

  it('copies every table: the same row count and the same rows on both engines, identities continuing after the largest key', async () => {
    const target = await targetDatabase(false);
    targets.push(target);
    const result = await copy(target.url);
    expect(result.stderr).toContain('copying');
    expect(result.stdout).toMatch(/^Copied \d+ rows of \d+ tables from .* to postgres:/);
    expect(result.stdout).toContain('vector indexes are not copied');
    expect(result.code).toBe(0);

    const source = laptop.service.ctx.db;
    const filled: string[] = [];
    for (const table of TABLES) {
      const expected = await fingerprint(source, table);
      expect([table.name, await fingerprint(target.db, table)]).toEqual([table.name, expected]);
      if (expected.rows > 0) filled.push(table.name);
    }
    // The seed fills the catalogue, its prices and the search content: the comparison covered real rows.
    expect(filled).toEqual(expect.arrayContaining(['vendors', 'transceivers', 'price_observations', 'technologies', 'news_articles']));

    // The views are written for each engine (migrations/postgres/020_baseline.sql translates them): over the same rows
    // they answer the same.
    const views = tablesOf('postgres').filter((t) => t.kind === 'view');
    expect(views.map((v) => v.name).sort()).toEqual(['image_coverage', 'price_coverage', 'switch_transceiver_finder']);
    for (const view of views) {
      const expected = await fingerprint(source, view);
      expect(expected.rows).toBeGreaterThan(0);
      expect([view.name, await fingerprint(target.db, view)]).toEqual([view.name, expected]);
    }

    const largest = await sql<{ id: number }>`SELECT max(id) AS id FROM price_observations`.execute(target.db.kysely);
    const inserted = await sql<{ id: number }>`INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source)
      SELECT id, vendor_id, 1, 'USD', '2026-01-01T00:00:00.000Z', 'test' FROM transceivers LIMIT 1 RETURNING id`.execute(target.db.kysely);
    expect(inserted.rows[0]?.id).toBe(Number(largest.rows[0]?.id) + 1);
  });

  it('refuses a target that holds data, with one line and exit code 1, and writes nothing', async () => {
    const target = await targetDatabase(true);
    targets.push(target);
    await sql`INSERT INTO app_settings (key, value) VALUES ('team.note', 'already here')`.execute(target.db.kysely);
    // Through the real entry point: the verb is registered, and the refusal is one line on stderr.
    const cli = await run(TSX, ['src/cli.ts', 'copy-database', '--to', target.url], {
      env: { ...process.env, DATA_DIR: laptop.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', SEED_ON_START: 'false' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(cli.code).toBe(1);
    const lines = cli.stderr.split('\n').filter((line) => line.trim() !== '' && !line.includes('copying'));
    expect(lines).toEqual([expect.stringMatching(/^The target database already holds data \(app_settings\): copy-database fills an empty database only/)]);
    expect(await rowsIn(target.db)).toBe(1);
  });

  it('leaves the target empty when the copy fails midway', async () => {
    const target = await targetDatabase(true);
    targets.push(target);
    // Price observations come after vendors and transceivers (their parents): those are written before the failure.
    await sql`ALTER TABLE price_observations ADD CONSTRAINT refuses_every_row CHECK (price < 0)`.execute(target.db.kysely);
    const result = await copy(target.url);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The copy failed at table price_observations and was rolled back, so the target database is as it was: .*refuses_every_row/);
    expect(await rowsIn(target.db)).toBe(0);
  });

  it('leaves the target empty when the process is killed midway', async () => {
    const target = await targetDatabase(true);
    targets.push(target);
    // Another session holds price observations against writes (reads pass): the copy writes vendors and
    // transceivers, then waits there, inside its transaction, until the process is killed.
    const holder = new pg.Client({ connectionString: target.url, application_name: 'copy-test-holder' });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE price_observations IN EXCLUSIVE MODE');
    /** The copy's open transactions on the target (the service's idle pooled connections have none). */
    const copying = async (waitingForLock: boolean) => {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'transceiver-intelligence' AND xact_start IS NOT NULL
          AND pid <> pg_backend_pid() AND (${waitingForLock ? 1 : 0} = 0 OR (wait_event_type = 'Lock' AND query LIKE 'insert into "price_observations"%'))`.execute(
        target.db.kysely,
      );
      return Number(rows[0]?.n);
    };
    // One process (no tsx launcher in between), so SIGKILL ends the copy itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'copy-database', '--to', target.url], {
      env: { ...process.env, DATA_DIR: laptop.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', SEED_ON_START: 'false' },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    try {
      await until(async () => (await copying(true)) === 1, 'the copy waits to write price observations');
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    // The server ends the dead client's transaction once it runs again; nothing of it stays.
    await until(async () => (await copying(false)) === 0, 'the killed copy has left the server');
    expect(await rowsIn(target.db)).toBe(0);
  });

  it('refuses wrong usage, an unreachable target and a PostgreSQL source', async () => {
    expect((await copy('mysql://somewhere/db')).code).toBe(2);
    const unreachable = await copy('postgres://nobody:secret@127.0.0.1:1/none');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Cannot reach PostgreSQL at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/),
    ]);
    const captured = captureStreams();
    const code = await runCopyDatabaseCommand(['--to', 'postgres://team@db.example/ti'], {
      streams: captured.streams,
      source: { engine: 'postgres', url: 'postgres://team:secret@db.example/laptop', poolSize: 2 },
      withSource: () => Promise.reject(new Error('not opened')),
      withTarget: () => () => Promise.reject(new Error('not opened')),
    });
    expect(code).toBe(1);
    expect(captured.stderr()).toContain('unset DATABASE_URL');
    expect(captured.stderr()).not.toContain('secret');
  });
});
