import type { Compilable, Insertable, Selectable, Updateable } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { BlogTables } from '../../db/tables/blog.tables.js';
import type { BlogStatus } from '../../../shared/vocabulary/blog.vocabulary.js';

/**
 * The only SQL on the blog tables. Kysely writes and type-checks every statement against the declarations;
 * better-sqlite3 runs it synchronously, so a caller can group several in one db.sqlite.transaction.
 */
export type DraftRow = Selectable<BlogTables['blog_drafts']>;
export type NewDraftRow = Insertable<BlogTables['blog_drafts']>;
export type DraftChange = Updateable<BlogTables['blog_drafts']>;
export type StepRunRow = Selectable<BlogTables['blog_step_runs']>;
export type FeedbackRow = Selectable<BlogTables['blog_feedback']>;
export type NewFeedbackRow = Insertable<BlogTables['blog_feedback']>;

const k = (db: AppDatabase) => db.kysely.withTables<BlogTables>();

function run(db: AppDatabase, query: Compilable): number {
  const { sql, parameters } = query.compile();
  return db.sqlite.prepare(sql).run(...parameters).changes;
}
function all<R>(db: AppDatabase, query: Compilable<R>): R[] {
  const { sql, parameters } = query.compile();
  return db.sqlite.prepare(sql).all(...parameters) as R[];
}
function one<R>(db: AppDatabase, query: Compilable<R>): R | undefined {
  const { sql, parameters } = query.compile();
  return db.sqlite.prepare(sql).get(...parameters) as R | undefined;
}

export function insertDraft(db: AppDatabase, row: NewDraftRow): void {
  run(db, k(db).insertInto('blog_drafts').values(row));
}

export function findDraft(db: AppDatabase, id: string): DraftRow | undefined {
  return one(db, k(db).selectFrom('blog_drafts').selectAll().where('id', '=', id));
}

export function updateDraft(db: AppDatabase, id: string, change: DraftChange): boolean {
  return run(db, k(db).updateTable('blog_drafts').set(change).where('id', '=', id)) > 0;
}

export function deleteDraft(db: AppDatabase, id: string): boolean {
  return run(db, k(db).deleteFrom('blog_drafts').where('id', '=', id)) > 0;
}

export function listDrafts(db: AppDatabase, query: { status?: BlogStatus; limit: number; offset: number }): { total: number; rows: DraftRow[] } {
  let base = k(db).selectFrom('blog_drafts');
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  const counted = one(
    db,
    base.select((eb) => eb.fn.countAll<number>().as('n')),
  );
  const rows = all(db, base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset));
  return { total: Number(counted?.n ?? 0), rows };
}

/** Drafts a previous process left queued or running (nothing runs them any more). */
export function draftsInFlight(db: AppDatabase): DraftRow[] {
  return all(db, k(db).selectFrom('blog_drafts').selectAll().where('pipeline_state', 'in', ['queued', 'running']));
}

export function stepRuns(db: AppDatabase, draftId: string, runNumber: number): StepRunRow[] {
  return all(db, k(db).selectFrom('blog_step_runs').selectAll().where('draft_id', '=', draftId).where('run', '=', runNumber).orderBy('step'));
}

export function startStepRun(db: AppDatabase, row: { draft_id: string; run: number; step: number; name: string; started_at: string }): void {
  // A resumed run replaces the failed attempt of the same step.
  run(db, k(db).deleteFrom('blog_step_runs').where('draft_id', '=', row.draft_id).where('run', '=', row.run).where('step', '=', row.step));
  run(
    db,
    k(db)
      .insertInto('blog_step_runs')
      .values({ ...row, status: 'running' }),
  );
}

export function finishStepRun(
  db: AppDatabase,
  key: { draft_id: string; run: number; step: number },
  result: { status: 'succeeded' | 'failed'; output: string | null; error: string | null; duration_ms: number },
): void {
  run(db, k(db).updateTable('blog_step_runs').set(result).where('draft_id', '=', key.draft_id).where('run', '=', key.run).where('step', '=', key.step));
}

export function insertFeedback(db: AppDatabase, row: NewFeedbackRow): FeedbackRow {
  const id = db.sqlite.transaction(() => {
    const { sql, parameters } = k(db).insertInto('blog_feedback').values(row).compile();
    return Number(db.sqlite.prepare(sql).run(...parameters).lastInsertRowid);
  })();
  return one(db, k(db).selectFrom('blog_feedback').selectAll().where('id', '=', id)) as FeedbackRow;
}

export function feedbackRows(db: AppDatabase, filter: { source?: 'person' | 'pipeline'; newestFirst?: boolean; limit?: number } = {}): FeedbackRow[] {
  let query = k(db).selectFrom('blog_feedback').selectAll();
  if (filter.source !== undefined) query = query.where('source', '=', filter.source);
  query = filter.newestFirst ? query.orderBy('id', 'desc') : query.orderBy('id');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return all(db, query);
}

/** Runs fn in one SQLite transaction (all or nothing). */
export function inTransaction<T>(db: AppDatabase, fn: () => T): T {
  return db.sqlite.transaction(fn)();
}
