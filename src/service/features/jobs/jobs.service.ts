import type { JobList, JobRun, JobRunPage, JobRunsQuery, RunStarted } from '../../../shared/api/jobs.schemas.js';
import type { JobTrigger } from '../../../shared/vocabulary/jobs.vocabulary.js';
import type { AppDatabase } from '../../db/database.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { findRun, listRuns } from '../../scheduler/job-runs.repository.js';
import type { Scheduler } from '../../scheduler/scheduler.js';
import { toJob, toJobRun } from './jobs.mappers.js';

export interface JobsCtx {
  db: AppDatabase;
  scheduler: Scheduler;
  config: { schedulerEnabled: boolean };
}

export async function listJobs(ctx: JobsCtx): Promise<JobList> {
  return { timers_enabled: ctx.config.schedulerEnabled, items: (await ctx.scheduler.jobs()).map(toJob) };
}

export async function listJobRuns(ctx: JobsCtx, query: JobRunsQuery): Promise<JobRunPage> {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const { total, items } = await listRuns(ctx.db, { job: query.job, status: query.status, limit, offset });
  return { total, limit, offset, items: items.map(toJobRun) };
}

export async function getJobRun(ctx: JobsCtx, id: number): Promise<JobRun> {
  const row = await findRun(ctx.db, id);
  if (!row) throw new NotFoundError(`No job run with id ${id}`);
  return toJobRun(row);
}

/**
 * Starts a run in the background and answers at once with its row (follow it with GET /api/jobs/runs/{id}).
 * A run of the same job going on anywhere (a timer, another request, the CLI in another process) is a 409 that
 * carries that run, never a second run.
 */
export async function startJob(ctx: JobsCtx, name: string, trigger: JobTrigger): Promise<RunStarted> {
  if (!ctx.scheduler.has(name)) {
    const known = ctx.scheduler.names();
    throw new NotFoundError(`No job named "${name}"; the jobs are: ${known.join(', ') || 'none'}`, { jobs: known });
  }
  const start = await ctx.scheduler.runNow(name, trigger);
  if (!start.started) {
    throw new ConflictError(`Job "${name}" is already running (run ${start.running.id}, started ${start.running.started_at} by ${start.running.trigger})`, {
      running: toJobRun(start.running),
    });
  }
  // The run records its own failure; nothing is left to catch here.
  void start.done.catch(() => undefined);
  return { run: await getJobRun(ctx, start.runId) };
}
