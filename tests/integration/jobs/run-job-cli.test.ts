import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunPage, RunStarted } from '../../../src/shared/api/jobs.schemas.js';
import { runJobCommand } from '../../../src/service/features/jobs/jobs.cli.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { type FeedServer, startFeedServer } from '../../fixtures/feeds/feed-server.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');

/** `npm run cli -- run-job` in its own process, while the service runs on the same data directory. */
describe('run-job CLI verb', () => {
  let feeds: FeedServer;
  let t: TestService;
  let auth: Record<string, string>;
  let databaseEnv: Record<string, string>;
  const cli = (args: string[]) =>
    run(TSX, ['src/cli.ts', 'run-job', ...args], {
      env: {
        ...process.env,
        ...databaseEnv,
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'silent',
        NEWS_FEEDS: `${feeds.url}/rss.xml,${feeds.url}/slow.xml`,
        SEED_ON_START: 'false',
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  beforeAll(async () => {
    feeds = await startFeedServer();
    t = await startTestService({ env: { NEWS_FEEDS: `${feeds.url}/slow.xml` } });
    auth = { authorization: `Bearer ${await t.login()}` };
    databaseEnv = await testDatabaseEnv(t.dataDir);
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  it('refuses while the service runs the job (exit 1 naming the run), then runs it into the same history', async () => {
    const started = await t.service.http.inject({ method: 'POST', url: '/api/jobs/news/run', headers: auth });
    const serviceRun = (started.json() as RunStarted).run;
    const refused = await cli(['news']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Job "news" is already running (run ${serviceRun.id}`);

    feeds.release();
    await expect
      .poll(
        async () =>
          ((await t.service.http.inject({ method: 'GET', url: `/api/jobs/runs/${serviceRun.id}`, headers: auth })).json() as { status: string }).status,
      )
      .toBe('succeeded');
    const ran = await cli(['news']);
    expect(ran.stderr).not.toContain('error:');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Run \d+ succeeded: 0 new article\(s\) from 2 feed\(s\) \(2 pages, 0 stored, 0 errors\)/m);
    const history = (await t.service.http.inject({ method: 'GET', url: '/api/jobs/runs?job=news', headers: auth })).json() as JobRunPage;
    expect(history.items.map((r) => r.trigger)).toEqual(['cli', 'manual']);
  });

  it("lists the jobs, and answers 2 for an unknown one or a wrong usage (in-process, with the service's scheduler)", async () => {
    const lend = { withJobs: async <R>(work: (s: typeof t.service.scheduler) => Promise<R>) => work(t.service.scheduler) };
    const listed = captureStreams();
    expect(await runJobCommand(['--list'], { ...lend, streams: listed.streams })).toBe(0);
    expect(listed.stdout()).toMatch(/^news\s+Reads the configured RSS and Atom feeds/m);
    const unknown = captureStreams();
    expect(await runJobCommand(['nothing'], { ...lend, streams: unknown.streams })).toBe(2);
    expect(unknown.stderr()).toContain('No job named "nothing"; the jobs are: news');
    const usage = captureStreams();
    expect(await runJobCommand([], { ...lend, streams: usage.streams })).toBe(2);
    expect(usage.stderr()).toContain('Usage: npm run cli -- run-job <name>');
  });
});
