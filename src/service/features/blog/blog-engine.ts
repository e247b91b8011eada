import type { Logger } from 'pino';
import type { AppDatabase } from '../../db/database.js';
import type { LanguageModel } from './llm/index.js';
import { failDraftsInFlight, updateDraft } from './blog.repository.js';
import { type Clock, createPipelineQueue, type PipelineQueue, systemClock } from './pipeline-queue.js';
import { runPipeline } from './pipeline-runner.js';

/** What createService builds for the blog engine: the pipeline queue over one language model; close() stops it. */
export interface BlogEngine {
  db: AppDatabase;
  logger: Logger;
  clock: Clock;
  model: LanguageModel;
  resourcesDir: string;
  queue: PipelineQueue;
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
}

/**
 * Builds the engine. Drafts a previous process left queued or running are marked failed (nothing runs them any
 * more); POST /api/blog/:id/resume continues them from the step they reached.
 */
export async function createBlogEngine(options: BlogEngineOptions): Promise<BlogEngine> {
  const { db, model, resourcesDir } = options;
  const logger = options.logger.child({ part: 'blog' });
  const clock = options.clock ?? { now: options.now ?? systemClock.now, sleep: systemClock.sleep };
  const at = () => new Date(clock.now()).toISOString();
  await failDraftsInFlight(db, {
    pipeline_message: 'The service stopped during the run. Resume it to continue from the step it reached.',
    pipeline_updated_at: at(),
  });
  const recording = new Set<Promise<unknown>>();
  const settled = async () => void (await Promise.allSettled([...recording]));
  const queue = createPipelineQueue({
    clock,
    logger,
    ...(options.gapMs === undefined ? {} : { gapMs: options.gapMs }),
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
  const close = async () => {
    await queue.close();
    await settled();
  };
  return { db, logger, clock, model, resourcesDir, queue, reserved: new Set(), settled, close };
}
