import type { Logger } from 'pino';
import type { AppDatabase } from '../../db/database.js';
import type { LanguageModel } from './llm/index.js';
import { draftsInFlight, updateDraft } from './blog.repository.js';
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
export function createBlogEngine(options: BlogEngineOptions): BlogEngine {
  const { db, model, resourcesDir } = options;
  const logger = options.logger.child({ part: 'blog' });
  const clock = options.clock ?? { now: options.now ?? systemClock.now, sleep: systemClock.sleep };
  const at = () => new Date(clock.now()).toISOString();
  for (const draft of draftsInFlight(db)) {
    updateDraft(db, draft.id, {
      pipeline_state: 'failed',
      pipeline_message: 'The service stopped during the run. Resume it to continue from the step it reached.',
      pipeline_updated_at: at(),
    });
  }
  const queue = createPipelineQueue({
    clock,
    logger,
    ...(options.gapMs === undefined ? {} : { gapMs: options.gapMs }),
    ...(options.stallMs === undefined ? {} : { stallMs: options.stallMs }),
    run: (job, control) => runPipeline({ db, logger, clock, model }, job, control),
    dropped(job, reason) {
      if (reason.kind === 'deleted') return;
      updateDraft(db, job.draftId, {
        pipeline_state: reason.kind === 'reset' ? 'cancelled' : 'failed',
        pipeline_message: `${reason.message} It had not started.`,
        pipeline_updated_at: at(),
      });
    },
  });
  return { db, logger, clock, model, resourcesDir, queue, close: () => queue.close() };
}
