import { type Static, Type } from '@sinclair/typebox';
import { JOB_RUN_STATUSES, JOB_TRIGGERS } from '../vocabulary/jobs.vocabulary.js';
import { PageOf } from './common.schemas.js';
import { Nullable, PagingFields, StringEnum } from './schema-helpers.js';

const JobName = Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9][a-z0-9:._-]*$', description: 'A job name, e.g. news or scrape:operator' });

export const JobRun = Type.Object(
  {
    id: Type.Integer(),
    job: Type.String(),
    trigger: StringEnum(JOB_TRIGGERS, {
      description: 'schedule: its timer; manual: POST /api/jobs/{name}/run; cli: npm run cli -- run-job, or scrape for a shop scraper',
    }),
    status: StringEnum(JOB_RUN_STATUSES, {
      description:
        'running, then succeeded, failed (the job stopped on an error; what it stored stays), cancelled (service stopped) or abandoned (its process ended mid-run)',
    }),
    started_at: Type.String(),
    finished_at: Nullable(Type.String()),
    heartbeat_at: Type.String({ description: 'Last sign of life of a running run (every 15 s); a run silent for 60 s is taken as abandoned' }),
    duration_ms: Nullable(Type.Integer({ description: 'Null while running' })),
    pages: Type.Integer({ description: 'Documents fetched (shop pages, feeds)' }),
    items: Type.Integer({ description: 'Records stored (price observations, products, news articles)' }),
    errors: Type.Integer({ description: 'Pages or items that failed without stopping the run' }),
    error_samples: Type.Array(Type.String(), { description: 'The first (at most 20) of those failures' }),
    message: Nullable(Type.String({ description: "The run's summary, or why it failed" })),
  },
  { title: 'JobRun' },
);
export type JobRun = Static<typeof JobRun>;

export const Job = Type.Object(
  {
    name: Type.String(),
    summary: Type.String(),
    cron: Nullable(Type.String({ description: 'Cron expression of its timer (server time), when it has one' })),
    interval_ms: Nullable(Type.Integer({ description: 'Fixed interval of its timer, when it has one' })),
    running: Type.Boolean({ description: 'A run is going on, in this process or another one on the same data directory' }),
    next_run_at: Nullable(Type.String({ description: 'Null when the timers are off (SCHEDULER_ENABLED=false)' })),
    last_run: Nullable(JobRun),
  },
  { title: 'Job' },
);
export type Job = Static<typeof Job>;

export const JobList = Type.Object({
  timers_enabled: Type.Boolean({ description: 'false when SCHEDULER_ENABLED=false: no job runs on its own, "run now" still works' }),
  items: Type.Array(Job),
});
export type JobList = Static<typeof JobList>;

export const JobParams = Type.Object({ name: JobName }, { additionalProperties: false });
export type JobParams = Static<typeof JobParams>;

export const JobRunsQuery = Type.Object(
  {
    ...PagingFields(20, 200),
    job: Type.Optional(JobName),
    status: Type.Optional(StringEnum(JOB_RUN_STATUSES)),
  },
  { additionalProperties: false },
);
export type JobRunsQuery = Static<typeof JobRunsQuery>;

export const JobRunPage = PageOf(JobRun);
export type JobRunPage = Static<typeof JobRunPage>;

export const JobRunParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }, { additionalProperties: false });
export type JobRunParams = Static<typeof JobRunParams>;

export const RunStarted = Type.Object({ run: JobRun }, { title: 'RunStarted' });
export type RunStarted = Static<typeof RunStarted>;
