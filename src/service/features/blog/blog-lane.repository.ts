import type { AppDatabase } from '../../db/database.js';
import type { BlogTables } from '../../db/tables/blog.tables.js';

/**
 * The only SQL on blog_model_lane: the one row that says which process's pipeline talks to the language model, for
 * every process on the database (the hosted model's rate tier is per account, not per process).
 */
const k = (db: AppDatabase) => db.kysely.withTables<BlogTables>();

export type LaneClaim = { taken: true } | { taken: false; /** When the lane was let go, if it is free and only the gap holds it. */ freedAt: string | null };

/**
 * Takes the lane for `holder` when it is free and was let go at or before `gapBeforeIso`, or when its holder's
 * heartbeat is older than `staleBeforeIso` (that process is gone). One conditional UPDATE decides between
 * claimants: exactly one of them changes the row.
 */
export async function takeLane(
  db: AppDatabase,
  input: { holder: string; draftId: string; nowIso: string; gapBeforeIso: string; staleBeforeIso: string },
): Promise<LaneClaim> {
  await k(db)
    .insertInto('blog_model_lane')
    .values({ id: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const result = await k(db)
    .updateTable('blog_model_lane')
    .set({ holder: input.holder, draft_id: input.draftId, heartbeat_at: input.nowIso })
    .where('id', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('holder', 'is', null), eb.or([eb('finished_at', 'is', null), eb('finished_at', '<=', input.gapBeforeIso)])]),
        eb.and([eb('holder', 'is not', null), eb('heartbeat_at', '<', input.staleBeforeIso)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { taken: true };
  const row = await k(db).selectFrom('blog_model_lane').select(['holder', 'finished_at']).where('id', '=', 1).executeTakeFirst();
  return { taken: false, freedAt: row?.holder === null ? row.finished_at : null };
}

/** Keeps the lane's holder alive; false when `holder` no longer holds it (another process took it over). */
export async function beatLane(db: AppDatabase, holder: string, nowIso: string): Promise<boolean> {
  const result = await k(db).updateTable('blog_model_lane').set({ heartbeat_at: nowIso }).where('holder', '=', holder).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets the lane go; `finishedIso` (the end of a pipeline) starts the gap before the next one, null leaves it. */
export async function releaseLane(db: AppDatabase, holder: string, finishedIso: string | null): Promise<void> {
  await k(db)
    .updateTable('blog_model_lane')
    .set({ holder: null, draft_id: null, ...(finishedIso === null ? {} : { finished_at: finishedIso }) })
    .where('holder', '=', holder)
    .execute();
}
