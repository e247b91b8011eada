import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { AppDatabase } from '../src/service/db/database.js';
import { applyPulledPages } from '../src/service/features/take-along/snapshot-apply.runner.js';
import { applyPages } from '../src/service/features/take-along/snapshot-apply.service.js';
import { pullSnapshot } from '../src/service/features/take-along/snapshot-pull.service.js';
import { PENDING_SETTING, type PendingPull } from '../src/service/features/take-along/take-along-state.service.js';
import { benchServiceEnv } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fillSqlite, openBenchDatabase } from './catalogue-bench-data.js';
import { fmt } from './load.js';
import { type LoopStalls, watchEventLoop } from './loop-stalls.js';
import { spawnTimed } from './processes.js';

const PRODUCTS = 100_000;

interface Phase {
  name: string;
  ms: number;
  stalls: LoopStalls;
}

/** Keeps a copy of every page the apply deletes, so the same pages can be applied a second time. */
async function keepAppliedPages(db: AppDatabase): Promise<void> {
  await sql`CREATE TABLE bench_pages AS SELECT * FROM take_along_pages WHERE 0`.execute(db.kysely);
  await sql`CREATE TRIGGER bench_keep_pages BEFORE DELETE ON take_along_pages BEGIN
      INSERT INTO bench_pages VALUES (old.table_name, old.page, old.rows, old.row_count, old.next_cursor); END`.execute(db.kysely);
}

/** The pages the last apply deleted, back for the next one (which keeps them again as it deletes them). */
async function restorePages(db: AppDatabase, pending: PendingPull): Promise<void> {
  await sql`INSERT INTO take_along_pages SELECT * FROM bench_pages`.execute(db.kysely);
  await sql`DELETE FROM bench_pages`.execute(db.kysely);
  await sql`INSERT INTO app_settings (key, value, updated_at) VALUES (${PENDING_SETTING}, ${JSON.stringify(pending)}, ${new Date().toISOString()})`.execute(
    db.kysely,
  );
}

async function timed(name: string, work: () => Promise<unknown>): Promise<Phase> {
  const watch = watchEventLoop();
  const started = performance.now();
  await work();
  return { name, ms: performance.now() - started, stalls: watch.stop() };
}

export async function run(): Promise<BenchSection> {
  const team = benchServiceEnv('take-along-team', { EMBEDDINGS_PROVIDER: 'hash', TAKE_ALONG_ANONYMOUS: 'true', SEED_ON_START: 'false' });
  const laptop = benchServiceEnv('take-along-laptop', { EMBEDDINGS_PROVIDER: 'hash', SEED_ON_START: 'false', PORT: '0', LOG_LEVEL: 'silent' });
  const phases: Phase[] = [];
  let load = '';
  try {
    const teamDb = await openBenchDatabase(team.env);
    await fillSqlite(teamDb, PRODUCTS);
    await teamDb.close();
    // The team serves its pages from its own process, so only the laptop's work shows in this process's event loop.
    const server = await spawnTimed(['out/server/server.js'], team.env, '/api/health', 300_000);
    const db = await openBenchDatabase(laptop.env);
    try {
      await keepAppliedPages(db);
      const from = `http://127.0.0.1:${server.port}`;
      load = loadavg()[0]!.toFixed(1);
      // The pages phase ends with the last page kept; the apply follows.
      let watch = watchEventLoop();
      let started = performance.now();
      const result = await pullSnapshot(
        {
          db,
          now: Date.now,
          fetch,
          onProgress: ({ pulled, total }) => {
            if (pulled < total || phases.length > 0) return;
            phases.push({ name: 'pull the pages', ms: performance.now() - started, stalls: watch.stop() });
            [watch, started] = [watchEventLoop(), performance.now()];
          },
        },
        { from },
      );
      phases.push({ name: 'apply them to an empty laptop (worker thread)', ms: performance.now() - started, stalls: watch.stop() });
      const pending: PendingPull = {
        from,
        taken_at: result.taken_at,
        internal_demand: false,
        demo: result.demo,
        schema_version: 0,
        total: result.rows,
        error: null,
      };
      await restorePages(db, pending);
      phases.push(await timed("the same pages again, replacing them, on the service's connection (before)", () => applyPages(db, pending, Date.now())));
      await restorePages(db, pending);
      phases.push(await timed('the same pages again, replacing them, in a worker thread', () => applyPulledPages(db, pending, Date.now())));
    } finally {
      await db.close();
      await server.stop();
    }
  } finally {
    rmSync(team.dataDir, { recursive: true, force: true });
    rmSync(laptop.dataDir, { recursive: true, force: true });
  }
  return {
    title: 'Take along: a laptop pulls and applies a 100,000-product snapshot',
    markdown: [
      `A team server (its own process, SQLite, ${PRODUCTS.toLocaleString('en')} generated products) serves its snapshot; the laptop (this process,`,
      'its own SQLite file) pulls it in pages of 2,000 rows and applies it in one transaction; then the same pages replace',
      "what they wrote twice: on the laptop's own connection, as before the apply moved to a worker thread, and in the",
      'worker thread. Event-loop delay is wall time',
      '(`monitorEventLoopDelay`); the hold is the most CPU the main thread used inside one delay (its schedstat), which is',
      `what a request waits for when the machine has a core free (1-minute load average at the start: ${load} on ${cpus().length} cores).`,
      '',
      '| phase | wall (s) | event-loop delay p99 (ms) | max (ms) | longest hold of the loop (ms) |',
      '|---|---|---|---|---|',
      ...phases.map(
        (p) => `| ${p.name} | ${fmt(p.ms / 1000, 1)} | ${fmt(p.stalls.p99DelayMs, 0)} | ${fmt(p.stalls.maxDelayMs, 0)} | ${fmt(p.stalls.maxHoldMs, 0)} |`,
      ),
    ].join('\n'),
  };
}
