import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/service/config.js';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { claimRun, finishRun, findRun } from '../../../src/service/scheduler/job-runs.repository.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';

const COUNTS = { pages: 0, items: 0, errors: 0, errorSamples: [] };
const MINUTE = 60_000;

/**
 * The claim of a job's run straight on the database, on each engine: many claimants at once (on PostgreSQL each on
 * its own pooled connection), a second connection standing for another process, and a run whose heartbeat lapsed.
 */
describe('claiming a run of a job', () => {
  let dir: string;
  let db: AppDatabase;
  const claim = (on: AppDatabase, job: string, nowMs: number) =>
    claimRun(on, {
      job,
      trigger: 'cli',
      nowIso: new Date(nowMs).toISOString(),
      staleBeforeIso: new Date(nowMs - MINUTE).toISOString(),
      pid: 4242,
    });

  let opened: MigratedTestDatabase;
  beforeEach(async () => {
    opened = await openMigratedTestDatabase('ti-job-claim-');
    ({ db, dir } = opened);
  });
  afterEach(() => opened.close());

  it('lets exactly one of many simultaneous claimants win; every other one is told the winning run', async () => {
    const now = Date.now();
    const claims = await Promise.all(Array.from({ length: 12 }, () => claim(db, 'race', now)));
    const winners = claims.flatMap((c) => (c.claimed ? [c.id] : []));
    expect(winners).toHaveLength(1);
    for (const c of claims) if (!c.claimed) expect(c.running).toMatchObject({ id: winners[0], job: 'race', status: 'running' });
    expect(await db.kysely.selectFrom('job_runs').select('id').where('job', '=', 'race').execute()).toHaveLength(1);
  });

  it('refuses a claim from another connection while a run is going on, and grants it once the run finished', async () => {
    const other = await openDatabase(loadConfig({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) }).database);
    try {
      const now = Date.now();
      const first = await claim(db, 'news', now);
      expect(first.claimed).toBe(true);
      const refused = await claim(other, 'news', now + 1_000);
      expect(refused).toMatchObject({ claimed: false, running: { id: first.claimed ? first.id : -1 } });
      // Another job is not held up by this one.
      expect((await claim(other, 'scrape', now)).claimed).toBe(true);
      if (first.claimed) await finishRun(db, first.id, { status: 'succeeded', nowIso: new Date(now + 2_000).toISOString(), counts: COUNTS, message: null });
      expect((await claim(other, 'news', now + 3_000)).claimed).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('takes over a run whose heartbeat lapsed, marking it abandoned, but not one that is alive', async () => {
    const now = Date.now();
    const dead = await claim(db, 'news', now - 5 * MINUTE);
    expect(dead.claimed).toBe(true);
    const taken = await claim(db, 'news', now);
    expect(taken.claimed).toBe(true);
    if (dead.claimed) {
      expect(await findRun(db, dead.id)).toMatchObject({
        status: 'abandoned',
        finished_at: new Date(now).toISOString(),
        message: 'the process running it ended before the run finished',
      });
    }
    expect((await claim(db, 'news', now + 30_000)).claimed).toBe(false);
  });

  it('lets the database itself refuse a second running row of one job', async () => {
    const now = new Date().toISOString();
    const insert = () =>
      db.kysely.insertInto('job_runs').values({ job: 'x', trigger: 'cli', status: 'running', started_at: now, heartbeat_at: now, pid: 1 }).execute();
    await insert();
    const error = await insert().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(db.dialect.constraintViolation(error)).toBe('unique');
  });
});
