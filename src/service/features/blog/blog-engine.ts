import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppDatabase } from '../../db/database.js';
import { STALE_BEATS } from '../../scheduler/process-liveness.js';
import type { LanguageModel } from './llm/index.js';
import { beatHeldDrafts, failLapsedDrafts, updateDraft } from './blog.repository.js';
import { beatLane, releaseLane, takeLane } from './blog-lane.repository.js';
import { type Clock, createPipelineQueue, GAP_MS, PipelineAbortedError, type PipelineQueue, type QueueGate, systemClock } from './pipeline-queue.js';
import { runPipeline } from './pipeline-runner.js';

/** What createService builds for the blog engine: the pipeline queue over one language model; close() stops it. */
export interface BlogEngine {
  db: AppDatabase;
  logger: Logger;
  clock: Clock;
  model: LanguageModel;
  resourcesDir: string;
  queue: PipelineQueue;
  /** This process among those that share the database: the drafts it queues carry it (pipeline_holder). */
  holder: string;
  /** Drafts between their read and their place in the queue (regenerate, resume): no second request takes them meanwhile. */
  reserved: Set<string>;
  /** Resolves once the outcomes of dropped jobs are written, so a new run's state is never overwritten by an older one. */
  settled(): Promise<void>;
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
  /** How often this process shows it is alive (JOB_HEARTBEAT_MS); four missed beats and its pipelines end failed. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;
/** How often a process waiting for the lane another process holds looks again. */
const LANE_POLL_MS = 1_000;
const LAPSED_MESSAGE = 'The service stopped during the run. Resume it to continue from the step it reached.';

/**
 * Builds the engine. Several processes on one database share one lane to the model (blog_model_lane): one pipeline
 * at a time across them, the gap counted from the end of the last one whichever process ran it. Each process beats
 * for the drafts it holds; drafts left queued or running by a process that stopped beating (or by this process's
 * previous run) are marked failed, at start and at every beat; POST /api/blog/:id/resume continues them.
 */
export async function createBlogEngine(options: BlogEngineOptions): Promise<BlogEngine> {
  const { db, model, resourcesDir } = options;
  const logger = options.logger.child({ part: 'blog' });
  const clock = options.clock ?? { now: options.now ?? systemClock.now, sleep: systemClock.sleep };
  const at = () => new Date(clock.now()).toISOString();
  const holder = randomUUID();
  const gapMs = options.gapMs ?? GAP_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const before = (ms: number) => new Date(clock.now() - ms).toISOString();
  const sweep = () => failLapsedDrafts(db, { staleBeforeIso: before(STALE_BEATS * heartbeatMs), pipeline_message: LAPSED_MESSAGE, pipeline_updated_at: at() });
  await sweep();
  let holdingLane = false;
  /** Set once the queue exists: stops this process's run when another process has taken the lane over. */
  let onLaneLost = () => {};
  const beat = async () => {
    await beatHeldDrafts(db, holder, at());
    if (holdingLane && !(await beatLane(db, holder, at()))) {
      holdingLane = false;
      onLaneLost();
    }
    await sweep();
  };
  const beater = setInterval(() => void beat().catch((error: unknown) => logger.warn({ err: error }, 'blog heartbeat not recorded')), heartbeatMs);
  beater.unref();
  const gate: QueueGate = {
    async enter(draftId, signal) {
      while (!signal.aborted) {
        let wait = LANE_POLL_MS;
        try {
          const claim = await takeLane(db, { holder, draftId, nowIso: at(), gapBeforeIso: before(gapMs), staleBeforeIso: before(STALE_BEATS * heartbeatMs) });
          if (claim.taken) return (holdingLane = true);
          if (claim.freedAt !== null) wait = Math.min(wait, Math.max(1, Date.parse(claim.freedAt) + gapMs - clock.now()));
        } catch (error) {
          logger.warn({ err: error }, 'blog model lane not reached; trying again');
        }
        await clock.sleep(wait, signal).catch(() => undefined);
      }
      return false;
    },
    async leave(ran) {
      holdingLane = false;
      await releaseLane(db, holder, ran ? at() : null).catch((error: unknown) => logger.warn({ err: error }, 'blog model lane not let go; it lapses'));
    },
  };
  const recording = new Set<Promise<unknown>>();
  const settled = async () => void (await Promise.allSettled([...recording]));
  const queue = createPipelineQueue({
    clock,
    logger,
    gate,
    gapMs,
    ...(options.stallMs === undefined ? {} : { stallMs: options.stallMs }),
    run: (job, control) => runPipeline({ db, logger, clock, model }, job, control),
    dropped(job, reason) {
      if (reason.kind === 'deleted') return;
      const written = updateDraft(db, job.draftId, {
        pipeline_state: reason.kind === 'reset' ? 'cancelled' : 'failed',
        pipeline_message: `${reason.message} It had not started.`,
        pipeline_updated_at: at(),
      }).catch((error: unknown) => logger.error({ err: error, draftId: job.draftId }, 'dropped blog draft not recorded'));
      recording.add(written);
      void written.finally(() => recording.delete(written));
    },
  });
  onLaneLost = () => {
    const running = queue.state().running;
    if (running === null) return;
    logger.warn({ draftId: running.draftId }, 'another process took the model lane over; stopping this run');
    queue.cancel(
      running.draftId,
      new PipelineAbortedError('lost', 'Another process took the language model over while this one could not reach the database: the run was stopped.'),
    );
  };
  const close = async () => {
    clearInterval(beater);
    await queue.close();
    await settled();
  };
  return { db, logger, clock, model, resourcesDir, queue, holder, reserved: new Set(), settled, close };
}
