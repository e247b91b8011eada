import type { JobRunStatus, JobTrigger } from '../../../shared/vocabulary/jobs.vocabulary.js';
import { integer, real, table, type TablesOf, text } from './table-spec.js';

/** The migrator's ledger (created by db/migrator.ts itself) and the service-wide tables of migrations/001_core.sql. */
export const schemaMigrationsTable = table('schema_migrations', {
  version: integer(),
  name: text(),
  checksum: text(),
  applied_at: text(),
});

/** Key/value settings: seed version, operator brand, index build markers. */
export const appSettingsTable = table('app_settings', {
  key: text(),
  value: text(),
  updated_at: text().defaulted(),
});

export const jobsTable = table('jobs', {
  id: text(),
  kind: text(),
  status: text<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'>(),
  progress: real().defaulted(),
  message: text().orNull(),
  error: text().orNull(),
  payload: text().orNull(),
  result: text().orNull(),
  created_at: text().defaulted(),
  started_at: text().orNull(),
  finished_at: text().orNull(),
});

/** Runs of scheduled jobs (migrations/014_job_runs.sql; owned by the scheduler, src/service/scheduler/job-runs.repository.ts). */
export const jobRunsTable = table('job_runs', {
  id: integer().defaulted(),
  job: text(),
  trigger: text<JobTrigger>(),
  status: text<JobRunStatus>(),
  started_at: text(),
  heartbeat_at: text(),
  finished_at: text().orNull(),
  pages: integer().defaulted(),
  items: integer().defaulted(),
  errors: integer().defaulted(),
  error_samples: text().defaulted(),
  message: text().orNull(),
  pid: integer(),
});

/** The next due time of each scheduled job, shared by every process on the database (migration 024). */
export const jobSchedulesTable = table('job_schedules', {
  job: text(),
  schedule: text(),
  next_due_at: text(),
});

export const CORE_TABLES = [schemaMigrationsTable, appSettingsTable, jobsTable, jobRunsTable, jobSchedulesTable] as const;

export type CoreTables = TablesOf<typeof CORE_TABLES>;
