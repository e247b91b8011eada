import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTableCounts } from '../../../src/service/features/catalogue/import/import.repository.js';
import { DATABASE_FILE, loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { FX, insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { dropTestDatabase, TEST_ENGINE, testDatabaseEnv } from '../../helpers/test-database.js';
import { until } from '../../helpers/wait-until.js';

const run = promisify(execFile);
/** Node itself with the TypeScript loader: one process, so a signal reaches the process that holds the transaction. */
const CLI = [process.execPath, '--import', 'tsx', 'src/cli.ts'] as const;

/** The `import` verb of src/cli.ts as a user runs it: a real process against a real data directory. */
describe('npm run cli -- import', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const counts = async () => {
    const { db } = await openMigratedDatabase(loadConfig(env));
    try {
      return await importTableCounts(db);
    } finally {
      await db.close();
    }
  };
  const cli = async (...args: string[]) =>
    run(CLI[0], [...CLI.slice(1), 'import', ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  /** Whether another connection holds a write transaction open on the data directory's database (the import's). */
  const writeInProgress = async (): Promise<boolean> => {
    if (TEST_ENGINE === 'sqlite') {
      const probe = new Database(join(dataDir, DATABASE_FILE), { timeout: 0 });
      try {
        probe.exec('BEGIN IMMEDIATE');
        probe.exec('ROLLBACK');
        return false;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
        throw error;
      } finally {
        probe.close();
      }
    }
    const client = new pg.Client(env.DATABASE_URL);
    await client.connect();
    try {
      // A transaction that has written holds a transaction id.
      const { rows } = await client.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL',
      );
      return (rows[0] as { n: number }).n > 0;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-cli-'));
    env = { DATA_DIR: dataDir, ...(await testDatabaseEnv(dataDir)) };
    const { db } = await openMigratedDatabase(loadConfig(env));
    try {
      await insertReferenceData(db);
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  });

  it('refuses a file with a bad row (exit 1, nothing written), names the line, then imports a good file', async () => {
    const header = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence';
    const bad = join(dataDir, 'bad.csv');
    writeFileSync(bad, `${header}\n${FX.shopA},CLI-1,One,SFP28,25,MMF,none,scraped_unverified\n${FX.shopA},CLI-2,Two,SFP28,25,MMF,none,maybe\n`);
    const before = await counts();
    const refused = await cli('transceivers', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 3 (row 2) data_confidence');
    expect(refused.stderr).toContain('Nothing was written. Fix the rows above, or pass --skip-bad-rows');
    expect(refused.stdout).toBe('transceivers: 2 rows, 1 bad; wrote nothing\n');
    expect(await counts()).toEqual(before);

    const good = join(dataDir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify([
        {
          vendor_id: FX.shopA,
          part_number: 'CLI-1',
          name: 'One',
          form_factor: 'SFP28',
          speed_gbps: '25G',
          fiber_type: 'MMF',
          wdm_type: 'none',
          data_confidence: 'scraped_unverified',
        },
      ]),
    );
    const accepted = await cli('transceivers', good);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('wrote 1 new');
    expect((await counts()).transceivers).toBe(before.transceivers + 1);

    const skipped = await cli('transceivers', bad, '--skip-bad-rows');
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain('0 new, 0 updated, 1 unchanged');
  });

  it('leaves nothing behind when the process is killed (kill -9) while it writes', async () => {
    const header = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence';
    const rows = Array.from({ length: 40_000 }, (_, i) => `${FX.shopB},KILL-${i},Killed import ${i},SFP28,25,MMF,none,scraped_unverified`);
    const file = join(dataDir, 'large.csv');
    writeFileSync(file, `${header}\n${rows.join('\n')}\n`);
    const before = await counts();
    const child = spawn(CLI[0], [...CLI.slice(1), 'import', 'transceivers', file], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    await until(writeInProgress, 'the import writing in its transaction');
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
    // PostgreSQL ends the dead client's transaction when it notices the closed connection; the rows were never visible.
    await until(async () => !(await writeInProgress()), 'the dead import transaction ended');
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('explains wrong usage with exit 2', async () => {
    const result = await cli('gadgets', 'x.csv');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('transceivers, switches, prices, demand');
  });
});
