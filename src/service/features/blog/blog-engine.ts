import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppDatabase, Listener } from '../../db/database.js';
import { STALE_BEATS } from '../../scheduler/process-liveness.js';
import type { LanguageModel } from './llm/index.js';
import { failLapsedDrafts } from './blog.repository.js';
import { createModelLane } from './model-lane.js';
import { type Clock, createPipelineQueue, GAP_MS, type PipelineQueue, STALL_MS, systemClock } from './pipeline-queue.js';
import { runPipeline } from './pipeline-runner.js';

/** What createService builds for the blog engine: this process's worker on the team's pipeline queue; close() stops it. */
export interface BlogEngine {
  db: AppDatabase;
  logger: Logger;
  clock: Clock;
  model: LanguageModel;
  resourcesDir: string;
  queue: PipelineQueue;
  gapMs: number;
  stallMs: number;
  /** After this process changed the team's queue (queued, reset, deleted): its worker looks, and its run is checked, at once. */
  poke(): void;
  close(): Promise<void>;
}

export interface BlogEngineOptions {
  db: AppDatabase;
  logger: Logger;
  model: LanguageModel;
  resourcesDir: string;
  /** The service's clock (tests replace it); sleeping stays real unless `clock` is given. */
  now?: () => number;
  clock?: Clock;
  gapMs?: number;
  stallMs?: number;
  /** How often this process shows it is alive (JOB_HEARTBEAT_MS); four missed beats and its running pipeline ends failed. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;
/** How often a process looks for queued drafts when no notification told it of them (SQLite has none; one may be lost). */
const QUEUE_POLL_MS = 2_000;
/** The channel PostgreSQL notifies on when a draft is queued or deleted, the lane changes hands or the queue is reset (migrations/postgres/027). */
const QUEUE_CHANNEL = 'blog_queue';
const LAPSED_MESSAGE = 'The service stopped during the run. Resume it to continue from the step it reached.';

/**
 * Builds the engine. The queue is the team's: queued drafts wait in the database, and whichever process holds the one
 * lane to the model (blog_model_lane) runs the oldest, so one pipeline at a time across every process, the gap counted
 * from the end of the last one whichever process ran it. The running process beats for its run; a run left by a
 * process that stopped beating (or by this process's previous run) is marked failed, at start and at every beat, and
 * POST /api/blog/:id/resume continues it. Queued drafts wait for whichever process is there.
 */
export async function createBlogEngine(options: BlogEngineOptions): Promise<BlogEngine> {
  const { db, model, resourcesDir } = options;
  const logger = options.logger.child({ part: 'blog' });
  const clock = options.clock ?? { now: options.now ?? systemClock.now, sleep: systemClock.sleep };
  const at = () => new Date(clock.now()).toISOString();
  const gapMs = options.gapMs ?? GAP_MS;
  const stallMs = options.stallMs ?? STALL_MS;
  const staleMs = STALE_BEATS * (options.heartbeatMs ?? HEARTBEAT_MS);
  const sweep = () =>
    failLapsedDrafts(db, { staleBeforeIso: new Date(clock.now() - staleMs).toISOString(), pipeline_message: LAPSED_MESSAGE, pipeline_updated_at: at() });
  await sweep();
  const queue = createPipelineQueue({
    clock,
    logger,
    stallMs,
    lane: createModelLane({ db, clock, holder: randomUUID(), gapMs, staleMs }),
    run: (job, control) => runPipeline({ db, logger, clock, model }, job, control),
  });
  const poke = () => {
    void queue.check();
    queue.wake();
  };
  const beat = async () => {
    await queue.check();
    await sweep();
  };
  const beater = setInterval(
    () => void beat().catch((error: unknown) => logger.warn({ err: error }, 'blog heartbeat not recorded')),
    options.heartbeatMs ?? HEARTBEAT_MS,
  );
  const poller = setInterval(() => queue.wake(), QUEUE_POLL_MS);
  beater.unref();
  poller.unref();
  let listener: Listener | undefined;
  try {
    listener = await db.listen(QUEUE_CHANNEL, poke, (error) => logger.warn({ err: error.message }, 'blog queue notifications interrupted; polling meanwhile'));
  } catch (error) {
    logger.warn({ err: error }, 'blog queue notifications unavailable; polling');
  }
  queue.wake();
  const close = async () => {
    clearInterval(beater);
    clearInterval(poller);
    await listener?.stop().catch((error: unknown) => logger.warn({ err: error }, 'blog queue notifications not stopped'));
    await queue.close();
  };
  return { db, logger, clock, model, resourcesDir, queue, gapMs, stallMs, poke, close };
}
