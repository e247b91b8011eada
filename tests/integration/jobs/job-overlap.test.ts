import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun, RunStarted } from '../../../src/shared/api/jobs.schemas.js';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { createLogger } from '../../../src/service/logger.js';
import { createScheduler } from '../../../src/service/scheduler/scheduler.js';
import { type FeedServer, startFeedServer } from '../../fixtures/feeds/feed-server.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/**
 * The no-overlap rule across callers and processes: a run of a job is claimed in the database, so "run now" over
 * HTTP, a timer and the command line in another process never run the same job twice at once, and a run whose
 * process died does not block the job for good. The timers are off here (SCHEDULER_ENABLED=false): "run now" works.
 */
describe('job runs never overlap', () => {
  let feeds: FeedServer;
  let t: TestService;
  let auth: Record<string, string>;
  const post = (name: string) => t.service.http.inject({ method: 'POST', url: `/api/jobs/${name}/run`, headers: auth });
  const run = async (id: number) => (await t.service.http.inject({ method: 'GET', url: `/api/jobs/runs/${id}`, headers: auth })).json() as JobRun;
  const finished = (id: number) => expect.poll(async () => (await run(id)).status, { timeout: 20_000 }).not.toBe('running');
  /** A second connection to the same database, as the CLI in another process has. */
  const otherProcessDb = () => openDatabase(t.service.ctx.config.database);
  const insertRunning = (db: AppDatabase, job: string, at: string, pid: number) =>
    db.kysely
      .insertInto('job_runs')
      .values({ job, trigger: 'cli', status: 'running', started_at: at, heartbeat_at: at, pid })
      .returning('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    feeds = await startFeedServer();
    t = await startTestService({ env: { NEWS_FEEDS: `${feeds.url}/slow.xml`, NEWS_FEED_TIMEOUT_MS: '30000' } });
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  it('refuses a second "run now" while a run is going on with 409 carrying the running run, then runs again after it', async () => {
    const first = await post('news');
    expect(first.statusCode).toBe(202);
    const { run: running } = first.json() as RunStarted;
    const second = await post('news');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'Conflict', details: { running: { id: running.id, status: 'running', trigger: 'manual' } } });
    expect((await t.service.http.inject({ method: 'GET', url: '/api/jobs', headers: auth })).json()).toMatchObject({
      items: [{ name: 'news', running: true }],
    });
    feeds.release();
    await finished(running.id);
    expect(await run(running.id)).toMatchObject({ status: 'succeeded', items: 3 });
    const third = await post('news');
    expect(third.statusCode).toBe(202);
    await finished((third.json() as RunStarted).run.id);
  });

  it('refuses a run while another process on the same data directory runs the job, and names that run', async () => {
    const db = await otherProcessDb();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const cli = createScheduler({ enabled: false, logger: createLogger('silent'), db, now: Date.now });
    cli.register({ name: 'news', summary: 'stand-in', every: 60_000, run: () => held });
    try {
      const start = await cli.runNow('news', 'cli');
      expect(start.started).toBe(true);
      const refused = await post('news');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ details: { running: { trigger: 'cli', status: 'running' } } });
      release();
      if (start.started) expect(await start.done).toMatchObject({ status: 'succeeded', trigger: 'cli' });
      expect((await cli.runNow('news', 'cli')).started).toBe(true);
    } finally {
      release();
      await cli.stop();
      await db.close();
    }
    const again = await post('news');
    expect(again.statusCode).toBe(202);
    await finished((again.json() as RunStarted).run.id);
  });

  it('takes over from a run whose process died (no heartbeat for a minute), marking it abandoned', async () => {
    const db = await otherProcessDb();
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    const { id: dead } = await insertRunning(db, 'news', old, 999999);
    await db.close();
    const started = await post('news');
    expect(started.statusCode).toBe(202);
    expect(await run(dead)).toMatchObject({ status: 'abandoned', message: 'the process running it ended before the run finished' });
    await finished((started.json() as RunStarted).run.id);
  });

  it('ends a run that is going on when the service stops as cancelled, keeping what it stored', async () => {
    const own = await startTestService({ env: { NEWS_FEEDS: `${feeds.url}/rss.xml,${feeds.url}/hang.xml` } });
    const token = await own.login();
    const started = await own.service.http.inject({ method: 'POST', url: '/api/jobs/news/run', headers: { authorization: `Bearer ${token}` } });
    const id = (started.json() as RunStarted).run.id;
    const { db } = own.service.ctx;
    const storedArticles = async () =>
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM news_articles WHERE is_seed = 0`.execute(db.kysely)).rows[0]?.n);
    // The first feed is stored while the second one hangs.
    await expect.poll(storedArticles, { timeout: 10_000 }).toBe(3);
    await own.service.scheduler.stop();
    expect(await db.kysely.selectFrom('job_runs').select(['status', 'pages']).where('id', '=', id).executeTakeFirst()).toEqual({
      status: 'cancelled',
      pages: 1,
    });
    expect(await storedArticles()).toBe(3);
    await own.close();
  });
});
