import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/service/config.js';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { createLogger } from '../../../src/service/logger.js';
import { createScheduler, type Scheduler } from '../../../src/service/scheduler/scheduler.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';
import { until } from '../../helpers/wait-until.js';

const EVERY_MS = 400;

/**
 * Two processes on one database (two schedulers, each on its own connection) with their timers on: each slot of a
 * job's schedule runs once between them, because the slot is taken in the database before the run is claimed.
 */
describe('a schedule shared by several processes', () => {
  let opened: MigratedTestDatabase;
  let other: AppDatabase;
  let schedulers: Scheduler[];

  beforeEach(async () => {
    opened = await openMigratedTestDatabase('ti-team-schedule-');
    other = await openDatabase(loadConfig({ DATA_DIR: opened.dir, ...(await testDatabaseEnv(opened.dir)) }).database);
    schedulers = [];
  });
  afterEach(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    await other.close();
    await opened.close();
  });

  const startOn = (db: AppDatabase, job: { name: string; every: string | number; run: () => Promise<void> }) => {
    const scheduler = createScheduler({ enabled: true, logger: createLogger('silent'), db, now: Date.now });
    scheduler.register({ summary: 'stand-in', ...job });
    schedulers.push(scheduler);
    scheduler.start();
    return scheduler;
  };
  const scheduledRuns = () =>
    opened.db.kysely.selectFrom('job_runs').select(['started_at', 'status']).where('trigger', '=', 'schedule').orderBy('id').execute();

  it('runs each slot of an interval job once while two processes are up', async () => {
    const job = { name: 'tick', every: EVERY_MS, run: async () => {} };
    startOn(opened.db, job);
    startOn(other, job);
    await until(async () => (await scheduledRuns()).filter((r) => r.status === 'succeeded').length >= 4, 'four scheduled runs');
    await Promise.all(schedulers.map((s) => s.stop()));
    const starts = (await scheduledRuns()).map((r) => Date.parse(r.started_at));
    // A slot taken by one process moves the next one a whole interval on; two runs of one slot would start together.
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(EVERY_MS - 50);
  });

  it('runs each firing of a cron job once while two processes are up', async () => {
    const job = { name: 'every-second', every: '* * * * * *', run: async () => {} };
    startOn(opened.db, job);
    startOn(other, job);
    await until(async () => (await scheduledRuns()).filter((r) => r.status === 'succeeded').length >= 3, 'three scheduled runs');
    await Promise.all(schedulers.map((s) => s.stop()));
    const seconds = (await scheduledRuns()).map((r) => r.started_at.slice(0, 19));
    expect(new Set(seconds).size).toBe(seconds.length);
  });

  it('stops a run here once another process has marked it abandoned, and leaves the row as that process left it', async () => {
    const scheduler = createScheduler({ enabled: false, logger: createLogger('silent'), db: opened.db, now: Date.now, heartbeatMs: 100 });
    schedulers.push(scheduler);
    let stopped = false;
    const untilAborted = (signal: AbortSignal) =>
      new Promise<void>((resolve) =>
        signal.addEventListener(
          'abort',
          () => {
            stopped = true;
            resolve();
          },
          { once: true },
        ),
      );
    scheduler.register({ name: 'long', summary: 'stand-in', every: 3_600_000, run: untilAborted });
    const start = await scheduler.runNow('long', 'manual');
    if (!start.started) throw new Error('the run was not claimed');
    // What another process's takeover does to the row.
    await other.kysely.updateTable('job_runs').set({ status: 'abandoned', finished_at: new Date().toISOString() }).where('id', '=', start.runId).execute();
    const row = await start.done;
    expect(stopped).toBe(true);
    expect(row.status).toBe('abandoned');
  });
});
