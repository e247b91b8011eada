import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.js';

/**
 * The only SQL on job_schedules: when each scheduled job is due next, for every process on the database. The
 * schedule's slot is decided here, so processes whose timers fire at the same moment run it once between them.
 */

/** Records the job's schedule; a job seen for the first time, or whose schedule changed, is next due at `firstDueIso`. */
export async function ensureSchedule(db: AppDatabase, input: { job: string; schedule: string; firstDueIso: string }): Promise<void> {
  await db.kysely
    .insertInto('job_schedules')
    .values({ job: input.job, schedule: input.schedule, next_due_at: input.firstDueIso })
    .onConflict((oc) =>
      oc
        .column('job')
        .doUpdateSet({ schedule: sql`excluded.schedule`, next_due_at: sql`excluded.next_due_at` })
        .where(sql<boolean>`job_schedules.schedule <> excluded.schedule`),
    )
    .execute();
}

export async function nextDueAt(db: AppDatabase, job: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('job_schedules').select('next_due_at').where('job', '=', job).executeTakeFirst();
  return row?.next_due_at;
}

/**
 * Takes the slot due at or before `dueByIso` and moves the job's next due time to `nextDueIso`. One conditional
 * UPDATE: of several processes taking the same slot, exactly one changes the row (the others find it moved on
 * once the winner's write is theirs to read) and only that one runs the slot.
 */
export async function takeSlot(db: AppDatabase, input: { job: string; dueByIso: string; nextDueIso: string }): Promise<boolean> {
  const result = await db.kysely
    .updateTable('job_schedules')
    .set({ next_due_at: input.nextDueIso })
    .where('job', '=', input.job)
    .where('next_due_at', '<=', input.dueByIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
