import { type Selectable, sql } from 'kysely';
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

const ABANDONED_MESSAGE = 'the process running it ended before the run finished';

/**
 * A claim that lost to a run which finished before its row could be read is tried again this many times; each retry
 * means another run started and ended in between, so a handful is more than enough.
 */
const CLAIM_ATTEMPTS = 5;

/**
 * Starts a run of `job` unless one is running, in one process or another. A 'running' row whose heartbeat is older
 * than `staleBefore` belongs to a process that ended mid-run: it becomes 'abandoned' first, so a crash never blocks
 * a job for good. The claim itself is one INSERT that the partial unique index job_runs_one_running arbitrates
 * (ON CONFLICT DO NOTHING): of two claimants, whichever engine and however their statements interleave, exactly one
 * inserts its row and the other gets no id back and reads the winner's row.
 */
export async function claimRun(
  db: AppDatabase,
  input: { job: string; trigger: JobTrigger; nowIso: string; staleBeforeIso: string; pid: number },
): Promise<Claim> {
  for (let attempt = 1; ; attempt += 1) {
    const claim = await db.transaction(async (tx): Promise<Claim | undefined> => {
      await tx.kysely
        .updateTable('job_runs')
        .set({ status: 'abandoned', finished_at: input.nowIso, message: ABANDONED_MESSAGE })
        .where('job', '=', input.job)
        .where('status', '=', 'running')
        .where('heartbeat_at', '<', input.staleBeforeIso)
        .execute();
      const inserted = await tx.kysely
        .insertInto('job_runs')
        .values({ job: input.job, trigger: input.trigger, status: 'running', started_at: input.nowIso, heartbeat_at: input.nowIso, pid: input.pid })
        // The predicate is written out (not a parameter) so PostgreSQL can match it to the partial index.
        .onConflict((oc) =>
          oc
            .column('job')
            .where(sql<boolean>`status = 'running'`)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { claimed: true, id: inserted.id };
      const running = await tx.kysely.selectFrom('job_runs').selectAll().where('job', '=', input.job).where('status', '=', 'running').executeTakeFirst();
      return running ? { claimed: false, running } : undefined;
    });
    if (claim) return claim;
    if (attempt >= CLAIM_ATTEMPTS) throw new Error(`Could not claim a run of job ${input.job}: runs kept starting and ending meanwhile`);
  }
}

/**
 * Marks the running runs of `jobs` whose heartbeat is older than `staleBeforeIso` abandoned and returns them: their
 * process ended mid-run. Each row is returned to exactly one caller (the one whose UPDATE changed it), which takes
 * the job over.
 */
export async function abandonLapsedRuns(db: AppDatabase, input: { jobs: readonly string[]; nowIso: string; staleBeforeIso: string }): Promise<JobRunRow[]> {
  if (input.jobs.length === 0) return [];
  return db.kysely
    .updateTable('job_runs')
    .set({ status: 'abandoned', finished_at: input.nowIso, message: ABANDONED_MESSAGE })
    .where('job', 'in', [...input.jobs])
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', input.staleBeforeIso)
    .returningAll()
    .execute();
}

/**
 * Keeps a run alive (see claimRun) and makes its progress visible while it runs. False when the run is no longer
 * running: another process found its heartbeat lapsed and took the job over.
 */
export async function beatRun(db: AppDatabase, id: number, nowIso: string, counts: RunCounts): Promise<boolean> {
  const result = await db.kysely
    .updateTable('job_runs')
    .set({ heartbeat_at: nowIso, pages: counts.pages, items: counts.items, errors: counts.errors, error_samples: JSON.stringify(counts.errorSamples) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function finishRun(
  db: AppDatabase,
  id: number,
  input: { status: Exclude<JobRunStatus, 'running'>; nowIso: string; counts: RunCounts; message: string | null },
): Promise<void> {
  const { counts } = input;
  await db.kysely
    .updateTable('job_runs')
    .set({
      status: input.status,
      finished_at: input.nowIso,
      heartbeat_at: input.nowIso,
      pages: counts.pages,
      items: counts.items,
      errors: counts.errors,
      error_samples: JSON.stringify(counts.errorSamples),
      message: input.message,
    })
    .where('id', '=', id)
    // A run another process took over stays abandoned.
    .where('status', '=', 'running')
    .execute();
}

export async function findRun(db: AppDatabase, id: number): Promise<JobRunRow | undefined> {
  return db.kysely.selectFrom('job_runs').selectAll().where('id', '=', id).executeTakeFirst();
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
export async function latestRunPerJob(db: AppDatabase): Promise<Map<string, JobRunRow>> {
  const rows = await db.kysely
    .selectFrom('job_runs as r')
    .selectAll('r')
    .where('r.id', '=', (eb) =>
      eb
        .selectFrom('job_runs as l')
        .select((l) => l.fn.max('l.id').as('id'))
        .whereRef('l.job', '=', 'r.job'),
    )
    .execute();
  return new Map(rows.map((row) => [row.job, row]));
}
