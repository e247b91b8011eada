import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { BlogTables } from '../../db/tables/blog.tables.js';
import type { BlogStatus } from '../../../shared/vocabulary/blog.vocabulary.js';

/**
 * The only SQL on the blog tables. Kysely writes and type-checks every statement against the declarations; a caller
 * groups several in one db.transaction by passing the transaction's handle as `db`.
 */
export type DraftRow = Selectable<BlogTables['blog_drafts']>;
export type NewDraftRow = Insertable<BlogTables['blog_drafts']>;
export type DraftChange = Updateable<BlogTables['blog_drafts']>;
export type StepRunRow = Selectable<BlogTables['blog_step_runs']>;
export type FeedbackRow = Selectable<BlogTables['blog_feedback']>;
export type NewFeedbackRow = Insertable<BlogTables['blog_feedback']>;

const k = (db: AppDatabase) => db.kysely.withTables<BlogTables>();

export async function insertDraft(db: AppDatabase, row: NewDraftRow): Promise<void> {
  await k(db).insertInto('blog_drafts').values(row).execute();
}

export async function findDraft(db: AppDatabase, id: string): Promise<DraftRow | undefined> {
  return k(db).selectFrom('blog_drafts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateDraft(db: AppDatabase, id: string, change: DraftChange): Promise<boolean> {
  const result = await k(db).updateTable('blog_drafts').set(change).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteDraft(db: AppDatabase, id: string): Promise<boolean> {
  const result = await k(db).deleteFrom('blog_drafts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listDrafts(db: AppDatabase, query: { status?: BlogStatus; limit: number; offset: number }): Promise<{ total: number; rows: DraftRow[] }> {
  let base = k(db).selectFrom('blog_drafts');
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute();
  return { total: Number(counted?.n ?? 0), rows };
}

/**
 * Puts a draft on the team's queue (behind the drafts queued before it) with `change`, only while its pipeline is
 * still as the caller read it (`expected`): of two requests for one draft, one queues it and the other gets false.
 */
export async function queueDraft(
  db: AppDatabase,
  id: string,
  expected: Pick<DraftRow, 'pipeline_state' | 'pipeline_run'>,
  change: DraftChange & { pipeline_queued_at: string },
): Promise<boolean> {
  const result = await k(db)
    .updateTable('blog_drafts')
    .set({ ...change, pipeline_state: 'queued', pipeline_holder: null, pipeline_heartbeat_at: null })
    .where('id', '=', id)
    .where('pipeline_state', '=', expected.pipeline_state)
    .where('pipeline_run', '=', expected.pipeline_run)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Drafts running in a process that is gone (their heartbeat is older than `staleBeforeIso`, or was never written) are
 * marked failed, resumable; returns how many. Queued drafts are the team's and wait for whichever process is there.
 */
export async function failLapsedDrafts(
  db: AppDatabase,
  input: { staleBeforeIso: string; pipeline_message: string; pipeline_updated_at: string },
): Promise<number> {
  const result = await k(db)
    .updateTable('blog_drafts')
    .set({ pipeline_state: 'failed', pipeline_message: input.pipeline_message, pipeline_updated_at: input.pipeline_updated_at })
    .where('pipeline_state', '=', 'running')
    .where((eb) => eb.or([eb('pipeline_heartbeat_at', 'is', null), eb('pipeline_heartbeat_at', '<', input.staleBeforeIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function stepRuns(db: AppDatabase, draftId: string, runNumber: number): Promise<StepRunRow[]> {
  return k(db).selectFrom('blog_step_runs').selectAll().where('draft_id', '=', draftId).where('run', '=', runNumber).orderBy('step').execute();
}

/** The step runs of several drafts' current runs at once (a page of the list), keyed by draft id. */
export async function currentStepRuns(db: AppDatabase, drafts: ReadonlyArray<Pick<DraftRow, 'id' | 'pipeline_run'>>): Promise<Map<string, StepRunRow[]>> {
  const byDraft = new Map<string, StepRunRow[]>(drafts.map((d) => [d.id, []]));
  if (drafts.length === 0) return byDraft;
  const runOf = new Map(drafts.map((d) => [d.id, d.pipeline_run]));
  const rows = await k(db)
    .selectFrom('blog_step_runs')
    .selectAll()
    .where('draft_id', 'in', [...runOf.keys()])
    .orderBy('draft_id')
    .orderBy('step')
    .execute();
  for (const row of rows) if (runOf.get(row.draft_id) === row.run) byDraft.get(row.draft_id)?.push(row);
  return byDraft;
}

export async function startStepRun(db: AppDatabase, row: { draft_id: string; run: number; step: number; name: string; started_at: string }): Promise<void> {
  await db.transaction(async (tx) => {
    // A resumed run replaces the failed attempt of the same step.
    await k(tx).deleteFrom('blog_step_runs').where('draft_id', '=', row.draft_id).where('run', '=', row.run).where('step', '=', row.step).execute();
    await k(tx)
      .insertInto('blog_step_runs')
      .values({ ...row, status: 'running' })
      .execute();
  });
}

export async function finishStepRun(
  db: AppDatabase,
  key: { draft_id: string; run: number; step: number },
  result: { status: 'succeeded' | 'failed'; output: string | null; error: string | null; details: string | null; duration_ms: number },
): Promise<void> {
  await k(db).updateTable('blog_step_runs').set(result).where('draft_id', '=', key.draft_id).where('run', '=', key.run).where('step', '=', key.step).execute();
}

export async function insertFeedback(db: AppDatabase, row: NewFeedbackRow): Promise<FeedbackRow> {
  return k(db).insertInto('blog_feedback').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function feedbackRows(
  db: AppDatabase,
  filter: { source?: 'person' | 'pipeline'; newestFirst?: boolean; limit?: number } = {},
): Promise<FeedbackRow[]> {
  let query = k(db).selectFrom('blog_feedback').selectAll();
  if (filter.source !== undefined) query = query.where('source', '=', filter.source);
  query = filter.newestFirst ? query.orderBy('id', 'desc') : query.orderBy('id');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}
