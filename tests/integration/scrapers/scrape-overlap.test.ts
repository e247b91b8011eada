import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun, JobRunPage, RunStarted } from '../../../src/shared/api/jobs.schemas.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';
import type { TestService } from '../../helpers/test-service.js';
import { type ShopServer, SLOW_PAGE, startShopServer } from '../../fixtures/shops/shop-server.js';
import { CONFIGURED_SHOP, startShopTestService } from '../../fixtures/shops/shop-service.js';

const execFileAsync = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');
const JOB = `scrape:${CONFIGURED_SHOP}`;

/**
 * The no-overlap rule for the scrapers: "run now" over HTTP, and `npm run cli -- scrape` in another process on the
 * same data directory, never run one shop's scraper twice at once. The fixture shop's slow page holds each run until
 * the test releases it (page timeout 60 s here), so "a run is going on" is a state, not a race.
 */
describe('scraper runs never overlap', () => {
  let shop: ShopServer;
  let t: TestService;
  let auth: Record<string, string>;
  /** DATABASE_URL of the service's test database on PostgreSQL (nothing on SQLite): the CLI must open the same database. */
  let databaseEnv: Record<string, string>;
  const post = () => t.service.http.inject({ method: 'POST', url: `/api/jobs/${JOB}/run`, headers: auth });
  const run = async (id: number) => (await t.service.http.inject({ method: 'GET', url: `/api/jobs/runs/${id}`, headers: auth })).json() as JobRun;
  const held = (from: number) => expect.poll(() => shop.requests.slice(from).includes(SLOW_PAGE), { timeout: 30_000 }).toBe(true);
  const cliEnv = (timeoutMs: string) => ({
    ...process.env,
    DATA_DIR: t.dataDir,
    ...databaseEnv,
    LOG_LEVEL: 'silent',
    SCRAPER_DELAY_MS: '0',
    SCRAPER_PAGE_TIMEOUT_MS: timeoutMs,
  });
  const cli = (args: string[], timeoutMs = '60000') =>
    execFileAsync(TSX, ['src/cli.ts', 'scrape', ...args], { env: cliEnv(timeoutMs) }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  beforeAll(async () => {
    shop = await startShopServer();
    t = await startShopTestService(shop, { SCRAPER_PAGE_TIMEOUT_MS: '60000' });
    databaseEnv = await testDatabaseEnv(t.dataDir);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => {
    await t?.close();
    await shop?.close();
  });

  it('answers a second "run now" with 409 carrying the running run, and runs again once it has finished', async () => {
    const from = shop.requests.length;
    const first = await post();
    expect(first.statusCode).toBe(202);
    const { run: running } = first.json() as RunStarted;
    await held(from);
    const second = await post();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'Conflict', details: { running: { id: running.id, job: JOB, status: 'running', trigger: 'manual' } } });
    const jobs = (await t.service.http.inject({ method: 'GET', url: '/api/jobs', headers: auth })).json() as {
      items: Array<{ name: string; running: boolean }>;
    };
    expect(jobs.items.find((j) => j.name === JOB)).toMatchObject({ running: true });
    shop.release();
    await expect.poll(async () => (await run(running.id)).status, { timeout: 30_000 }).toBe('succeeded');
    expect((await run(running.id)).items).toBe(7);
  });

  it('refuses the CLI while the service runs the scraper (exit 1 naming the run), and the service while the CLI runs it', async () => {
    let from = shop.requests.length;
    const started = await post();
    const serviceRun = (started.json() as RunStarted).run;
    await held(from);
    const refused = await cli([CONFIGURED_SHOP]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Job "${JOB}" is already running (run ${serviceRun.id}, started ${serviceRun.started_at} by manual`);
    shop.release();
    await expect.poll(async () => (await run(serviceRun.id)).status, { timeout: 30_000 }).toBe('succeeded');

    from = shop.requests.length;
    const child: ChildProcess = spawn(TSX, ['src/cli.ts', 'scrape', CONFIGURED_SHOP, '--url', shop.url], {
      env: cliEnv('60000'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    try {
      await held(from);
      const blocked = await post();
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json()).toMatchObject({ details: { running: { job: JOB, trigger: 'cli', status: 'running' } } });
      shop.release();
      expect(await exited).toBe(0);
    } finally {
      child.kill();
    }
    expect(stdout).toMatch(/^Run \d+ succeeded: 7 price\(s\) stored from 49 page\(s\)/m);
    const history = (await t.service.http.inject({ method: 'GET', url: `/api/jobs/runs?job=${JOB}`, headers: auth })).json() as JobRunPage;
    expect(history.items.map((r) => [r.trigger, r.status])).toEqual([
      ['cli', 'succeeded'],
      ['manual', 'succeeded'],
      ['manual', 'succeeded'],
    ]);
  });

  it('refuses wrong usage and unknown vendors before scraping anything (exit 2)', async () => {
    const from = shop.requests.length;
    expect(await cli([])).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run cli -- scrape <vendor-id> [--url <base>]') });
    expect(await cli(['x', '--url', 'ftp://nope'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--url ftp://nope is not an http(s) address') });
    expect(await cli(['no-such-vendor'])).toMatchObject({ code: 2, stderr: expect.stringContaining('No vendor with id "no-such-vendor"') });
    expect(shop.requests.length).toBe(from);
  });
});
