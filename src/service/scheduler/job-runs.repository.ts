import type { Selectable } from 'kysely';
import type { JobRunStatus, JobTrigger } from '../../shared/vocabulary/jobs.vocabulary.js';
import type { AppDatabase } from '../db/database.js';
import type { jobRunsTable } from '../db/tables/core.tables.js';
import type { TableRow } from '../db/tables/table-spec.js';

/** The only SQL on job_runs: the scheduler records runs here, the jobs routes and the Overview read them. */
export type JobRunRow = Selectable<TableRow<typeof jobRunsTable>>;

export interface RunCounts {
  pages: number;
  items: number;
  errors: number;
  errorSamples: readonly string[];
}

export type Claim = { claimed: true; id: number } | { claimed: false; running: JobRunRow };

/**
 * Starts a run of `job` unless one is running, in one IMMEDIATE transaction so that two processes cannot both win.
 * A 'running' row whose heartbeat is older than `staleBefore` belongs to a process that ended mid-run: it becomes
 * 'abandoned' first, so a crash never blocks a job for good. The partial unique index job_runs_one_running is the
 * last word: even a claimant that skipped this check could not insert a second running row.
 */
export function claimRun(db: AppDatabase, input: { job: string; trigger: JobTrigger; nowIso: string; staleBeforeIso: string; pid: number }): Claim {
  const { sqlite } = db;
  return sqlite
    .transaction((): Claim => {
      sqlite
        .prepare(
          `UPDATE job_runs SET status = 'abandoned', finished_at = ?, message = 'the process running it ended before the run finished'
         WHERE job = ? AND status = 'running' AND heartbeat_at < ?`,
        )
        .run(input.nowIso, input.job, input.staleBeforeIso);
      const running = sqlite.prepare(`SELECT * FROM job_runs WHERE job = ? AND status = 'running'`).get(input.job) as JobRunRow | undefined;
      if (running) return { claimed: false, running };
      const result = sqlite
        .prepare(`INSERT INTO job_runs (job, trigger, status, started_at, heartbeat_at, pid) VALUES (?, ?, 'running', ?, ?, ?)`)
        .run(input.job, input.trigger, input.nowIso, input.nowIso, input.pid);
      return { claimed: true, id: Number(result.lastInsertRowid) };
    })
    .immediate();
}

/** Keeps a run alive (see claimRun) and makes its progress visible while it runs. */
export function beatRun(db: AppDatabase, id: number, nowIso: string, counts: RunCounts): void {
  db.sqlite
    .prepare(`UPDATE job_runs SET heartbeat_at = ?, pages = ?, items = ?, errors = ?, error_samples = ? WHERE id = ? AND status = 'running'`)
    .run(nowIso, counts.pages, counts.items, counts.errors, JSON.stringify(counts.errorSamples), id);
}

export function finishRun(
  db: AppDatabase,
  id: number,
  input: { status: Exclude<JobRunStatus, 'running'>; nowIso: string; counts: RunCounts; message: string | null },
): void {
  const { counts } = input;
  db.sqlite
    .prepare(
      `UPDATE job_runs SET status = ?, finished_at = ?, heartbeat_at = ?, pages = ?, items = ?, errors = ?, error_samples = ?, message = ?
       WHERE id = ?`,
    )
    .run(input.status, input.nowIso, input.nowIso, counts.pages, counts.items, counts.errors, JSON.stringify(counts.errorSamples), input.message, id);
}

export function findRun(db: AppDatabase, id: number): JobRunRow | undefined {
  return db.sqlite.prepare('SELECT * FROM job_runs WHERE id = ?').get(id) as JobRunRow | undefined;
}

export interface RunFilter {
  job?: string;
  status?: JobRunStatus;
  limit: number;
  offset: number;
}

/** Runs, newest first. */
export async function listRuns(db: AppDatabase, filter: RunFilter): Promise<{ total: number; items: JobRunRow[] }> {
  let base = db.kysely.selectFrom('job_runs');
  if (filter.job !== undefined) base = base.where('job', '=', filter.job);
  if (filter.status !== undefined) base = base.where('status', '=', filter.status);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = await base.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  return { total: Number(counted.n), items };
}

/** The newest run of each job that has run at least once. */
export function latestRunPerJob(db: AppDatabase): Map<string, JobRunRow> {
  const rows = db.sqlite.prepare('SELECT r.* FROM job_runs r WHERE r.id = (SELECT max(id) FROM job_runs WHERE job = r.job)').all() as JobRunRow[];
  return new Map(rows.map((row) => [row.job, row]));
}
