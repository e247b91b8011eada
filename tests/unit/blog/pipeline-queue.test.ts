import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlogTables } from '../../../src/service/db/tables/blog.tables.js';
import { createLogger } from '../../../src/service/logger.js';
import { findDraft, insertDraft } from '../../../src/service/features/blog/blog.repository.js';
import { readTeamQueue, resetTeamQueue } from '../../../src/service/features/blog/blog-lane.repository.js';
import { createModelLane, LANE_POLL_MS } from '../../../src/service/features/blog/model-lane.js';
import {
  createPipelineQueue,
  GAP_MS,
  type PipelineAbortedError,
  type PipelineQueue,
  type QueueJob,
  type RunControl,
  STALL_MS,
} from '../../../src/service/features/blog/pipeline-queue.js';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Lets the database's promises and the workers' loops run until `check` holds (a bounded number of turns). */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let turn = 0; turn < 200 && !(await check()); turn += 1) await settle();
}
const STALE_MS = 60_000;

let store: MigratedTestDatabase;
let clock: FakeClock;
let start: number;
const workers: PipelineQueue[] = [];

beforeEach(async () => {
  store = await openMigratedTestDatabase('ti-blog-queue-');
  clock = createFakeClock();
  start = clock.now();
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.close();
  await store.close();
});

/** Queues drafts on the team's queue in the order given (each a millisecond after the one before). */
async function queue(...ids: string[]): Promise<void> {
  for (const id of ids) {
    const at = new Date(clock.now() + ids.indexOf(id)).toISOString();
    await insertDraft(store.db, {
      id,
      title: `Draft ${id}`,
      topic_type: 'comparison',
      body: 'Template body.',
      generated_by: 'template:v1',
      pipeline_state: 'queued',
      pipeline_run: 1,
      pipeline_queued_at: at,
      created_at: at,
      updated_at: at,
    });
  }
}

/**
 * One process's worker on the shared database, named `name`: its runs wait until the test finishes them (or they are
 * aborted), and record what happened when in `events`.
 */
function worker(name: string, events: string[]) {
  const finishers = new Map<string, () => void>();
  const controls = new Map<string, RunControl>();
  const q = createPipelineQueue({
    clock,
    logger: createLogger('silent'),
    lane: createModelLane({ db: store.db, clock, holder: name, gapMs: GAP_MS, staleMs: STALE_MS }),
    run: (job: QueueJob, control) =>
      new Promise<void>((resolve, reject) => {
        events.push(`${name} start ${job.draftId} @${clock.now() - start}`);
        controls.set(job.draftId, control);
        finishers.set(job.draftId, () => {
          events.push(`${name} end ${job.draftId} @${clock.now() - start}`);
          resolve();
        });
        control.signal.addEventListener('abort', () => {
          events.push(`${name} abort ${job.draftId} (${(control.signal.reason as PipelineAbortedError).kind}) @${clock.now() - start}`);
          reject(control.signal.reason as Error);
        });
      }),
  });
  workers.push(q);
  return {
    q,
    controls,
    finish: async (id: string) => {
      finishers.get(id)?.();
      await eventually(() => q.runningDraft() !== id);
    },
  };
}

describe('pipeline queue on the team database', () => {
  it('runs one pipeline at a time, oldest queued first, with 3 s between pipelines', async () => {
    const events: string[] = [];
    const a = worker('A', events);
    await queue('a', 'b', 'c');
    a.q.wake();
    await eventually(() => events.length === 1);
    expect(events).toEqual(['A start a @0']);
    expect(await readTeamQueue(store.db)).toMatchObject({ running: { draft_id: 'a' }, queued: ['b', 'c'] });

    await clock.advance(60_000);
    await a.finish('a');
    // b waits the gap: nothing starts before 3 s have passed since a ended.
    await clock.advance(GAP_MS - 1);
    expect(events).toEqual(['A start a @0', 'A end a @60000']);
    await clock.advance(1);
    await eventually(() => events.length === 3);
    expect(events.at(-1)).toBe(`A start b @${60_000 + GAP_MS}`);
    await a.finish('b');
    await clock.advance(GAP_MS);
    await eventually(() => events.length === 5);
    await a.finish('c');
    await a.q.idle();
    expect(events).toEqual([
      'A start a @0',
      'A end a @60000',
      `A start b @${60_000 + GAP_MS}`,
      `A end b @${60_000 + GAP_MS}`,
      `A start c @${60_000 + 2 * GAP_MS}`,
      `A end c @${60_000 + 2 * GAP_MS}`,
    ]);
    expect(await readTeamQueue(store.db)).toMatchObject({ running: null, queued: [] });
  });

  it('two processes on one database run one pipeline at a time between them, each draft once, the gap between them', async () => {
    const events: string[] = [];
    const [a, b] = [worker('A', events), worker('B', events)];
    await queue('d1', 'd2', 'd3');
    a.q.wake();
    b.q.wake();
    await eventually(() => events.length === 1);
    await clock.advance(GAP_MS);
    // Only the first claim runs: the other process waits for the lane.
    expect(events).toHaveLength(1);
    const first = a.q.runningDraft() === 'd1' ? a : b;
    expect(events[0]).toMatch(/^[AB] start d1 @0$/);
    await clock.advance(10_000);
    await first.finish('d1');
    await clock.advance(GAP_MS);
    await eventually(() => events.length === 3);
    const second = a.q.runningDraft() === 'd2' ? a : b;
    expect(events[2]).toMatch(new RegExp(`^[AB] start d2 @${13_000 + GAP_MS}$`));
    expect([a.q.runningDraft(), b.q.runningDraft()].filter((d) => d !== null)).toEqual(['d2']);
    await second.finish('d2');
    await clock.advance(GAP_MS);
    await eventually(() => events.length === 5);
    const third = a.q.runningDraft() === 'd3' ? a : b;
    await third.finish('d3');
    await Promise.all([a.q.idle(), b.q.idle()]);
    expect(events.filter((e) => e.includes(' start ')).map((e) => e.split(' ')[2])).toEqual(['d1', 'd2', 'd3']);
  });

  it('aborts a run that made no progress for 15 minutes, counts it among the resets, then goes on with the queue', async () => {
    const events: string[] = [];
    const a = worker('A', events);
    await queue('a', 'b');
    a.q.wake();
    await eventually(() => events.length === 1);
    // Progress 10 minutes in holds the watchdog off for another 15 minutes.
    await clock.advance(10 * 60_000);
    a.controls.get('a')?.progress();
    await clock.advance(STALL_MS - 1);
    expect(events).toEqual(['A start a @0']);
    await clock.advance(1);
    await eventually(() => events.length === 2);
    expect(events).toEqual(['A start a @0', `A abort a (stalled) @${10 * 60_000 + STALL_MS}`]);
    await eventually(async () => (await readTeamQueue(store.db)).resets === 1);
    expect((await readTeamQueue(store.db)).resets).toBe(1);
    await clock.advance(GAP_MS);
    await eventually(() => events.length === 3);
    expect(events.at(-1)).toBe(`A start b @${10 * 60_000 + STALL_MS + GAP_MS}`);
  });

  it('a reset through any process ends the queued drafts and stops the run where it runs; the queue takes new work afterwards', async () => {
    const events: string[] = [];
    const [a, b] = [worker('A', events), worker('B', events)];
    await queue('a', 'b', 'c');
    a.q.wake();
    await eventually(() => events.length === 1);
    // B resets: the team's queue, not its own (it runs nothing and queued nothing).
    expect(await resetTeamQueue(store.db, { nowIso: new Date(clock.now()).toISOString(), message: 'Reset.' })).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['A start a @0']);
    // A sees it at its next beat (or notification).
    await a.q.check();
    await eventually(() => events.length === 2);
    expect(events).toEqual(['A start a @0', 'A abort a (reset) @0']);
    for (const id of ['b', 'c']) expect(await findDraft(store.db, id)).toMatchObject({ pipeline_state: 'cancelled', pipeline_message: 'Reset.' });
    expect(await readTeamQueue(store.db)).toMatchObject({ running: null, queued: [], resets: 1 });
    await queue('d');
    b.q.wake();
    await clock.advance(GAP_MS);
    await eventually(() => events.length === 3);
    expect(events.at(-1)).toBe(`B start d @${GAP_MS}`);
  });

  it('stops a run whose draft was deleted, and moves on even when the run ignores its signal', async () => {
    const started: string[] = [];
    /** The runs end only when the test lets them, long after their abort. */
    const lateEnds: Array<() => void> = [];
    const q = createPipelineQueue({
      clock,
      logger: createLogger('silent'),
      lane: createModelLane({ db: store.db, clock, holder: 'A', gapMs: GAP_MS, staleMs: STALE_MS }),
      run: (job) => {
        started.push(job.draftId);
        return new Promise<void>((resolve) => lateEnds.push(resolve));
      },
    });
    workers.push(q);
    await queue('a', 'b');
    q.wake();
    await eventually(() => started.length === 1);
    await store.db.kysely.withTables<BlogTables>().deleteFrom('blog_drafts').where('id', '=', 'a').execute();
    await q.check();
    await clock.advance(GAP_MS);
    await eventually(() => started.length === 2);
    expect(started).toEqual(['a', 'b']);
    for (const end of lateEnds) end();
  });

  it('takes the lane over from a process gone silent, and that process stops its run when it comes back', async () => {
    const events: string[] = [];
    const [a, b] = [worker('A', events), worker('B', events)];
    await queue('a', 'b');
    a.q.wake();
    await eventually(() => events.length === 1);
    b.q.wake();
    // A misses its beats for longer than the lane's staleness: B takes the lane and the next queued draft.
    await clock.advance(STALE_MS + LANE_POLL_MS);
    await eventually(() => events.length === 2);
    expect(events.at(-1)).toBe(`B start b @${STALE_MS + LANE_POLL_MS}`);
    await a.q.check();
    await eventually(() => events.length === 3);
    expect(events.at(-1)).toBe(`A abort a (lost) @${STALE_MS + LANE_POLL_MS}`);
    expect((await readTeamQueue(store.db)).running?.draft_id).toBe('b');
  });
});
