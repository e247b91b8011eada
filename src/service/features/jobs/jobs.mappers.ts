import type { Job, JobRun } from '../../../shared/api/jobs.schemas.js';
import type { JobRunRow } from '../../scheduler/job-runs.repository.js';
import type { JobState } from '../../scheduler/scheduler.js';

export function toJobRun(row: JobRunRow): JobRun {
  return {
    id: row.id,
    job: row.job,
    trigger: row.trigger,
    status: row.status,
    started_at: row.started_at,
    finished_at: row.finished_at,
    heartbeat_at: row.heartbeat_at,
    duration_ms: row.finished_at === null ? null : Math.max(0, Date.parse(row.finished_at) - Date.parse(row.started_at)),
    pages: row.pages,
    items: row.items,
    errors: row.errors,
    error_samples: JSON.parse(row.error_samples) as string[],
    message: row.message,
  };
}

export function toJob(state: JobState): Job {
  return {
    name: state.name,
    summary: state.summary,
    cron: typeof state.every === 'string' ? state.every : null,
    interval_ms: typeof state.every === 'number' ? state.every : null,
    running: state.running,
    next_run_at: state.nextRunAt,
    last_run: state.lastRun === null ? null : toJobRun(state.lastRun),
  };
}
