import type { AppDatabase } from '../../db/database.js';
import type { BlogTables } from '../../db/tables/blog.tables.js';

/**
 * The only SQL on blog_model_lane: the one row that says which process's pipeline talks to the language model, for
 * every process on the database (the hosted model's rate tier is per account, not per process). The process that
 * takes the lane takes the team's oldest queued draft with it.
 */
const k = (db: AppDatabase) => db.kysely.withTables<BlogTables>();

export type LaneClaim =
  | { taken: true; draftId: string; /** The team's reset count when the run began: a change stops it. */ resets: number }
  | {
      taken: false;
      /** Whether any draft waits. */ queued: boolean;
      /** When the lane was let go, if it is free and only the gap holds it. */ freedAt: string | null;
    };

/** Rolls the claim back when the queued draft went (reset, deleted) between the look and the claim. */
class NothingToClaim extends Error {}

async function ensureLane(db: AppDatabase): Promise<void> {
  await k(db)
    .insertInto('blog_model_lane')
    .values({ id: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Takes the lane and the oldest queued draft for `holder`, when a draft is queued and the lane is free and was let go
 * at or before `gapBeforeIso`, or its holder's heartbeat is older than `staleBeforeIso` (that process is gone). One
 * conditional UPDATE of the lane decides between claimants, and the draft moves from queued to running in the same
 * transaction only while it is still queued: two processes never run one draft.
 */
export async function claimNextDraft(
  db: AppDatabase,
  input: { holder: string; nowIso: string; gapBeforeIso: string; staleBeforeIso: string },
): Promise<LaneClaim> {
  const waiting = await k(db).selectFrom('blog_drafts').select('id').where('pipeline_state', '=', 'queued').limit(1).executeTakeFirst();
  if (waiting === undefined) return { taken: false, queued: false, freedAt: null };
  await ensureLane(db);
  try {
    return await db.transaction(async (tx): Promise<LaneClaim> => {
      const lane = await k(tx)
        .updateTable('blog_model_lane')
        .set({ holder: input.holder, draft_id: null, heartbeat_at: input.nowIso, started_at: input.nowIso, progress_at: input.nowIso })
        .where('id', '=', 1)
        .where((eb) =>
          eb.or([
            eb.and([eb('holder', 'is', null), eb.or([eb('finished_at', 'is', null), eb('finished_at', '<=', input.gapBeforeIso)])]),
            eb.and([eb('holder', 'is not', null), eb('heartbeat_at', '<', input.staleBeforeIso)]),
          ]),
        )
        .returning('resets')
        .executeTakeFirst();
      if (lane === undefined) {
        const row = await k(tx).selectFrom('blog_model_lane').select(['holder', 'finished_at']).where('id', '=', 1).executeTakeFirst();
        return { taken: false, queued: true, freedAt: row?.holder === null ? row.finished_at : null };
      }
      const claimed = await k(tx)
        .updateTable('blog_drafts')
        .set({
          pipeline_state: 'running',
          pipeline_message: null,
          pipeline_holder: input.holder,
          pipeline_heartbeat_at: input.nowIso,
          pipeline_updated_at: input.nowIso,
        })
        .where('pipeline_state', '=', 'queued')
        .where('id', '=', (eb) =>
          eb.selectFrom('blog_drafts as q').select('q.id').where('q.pipeline_state', '=', 'queued').orderBy('q.pipeline_queued_at').orderBy('q.id').limit(1),
        )
        .returning('id')
        .executeTakeFirst();
      if (claimed === undefined) throw new NothingToClaim();
      await k(tx).updateTable('blog_model_lane').set({ draft_id: claimed.id }).where('id', '=', 1).execute();
      return { taken: true, draftId: claimed.id, resets: Number(lane.resets) };
    });
  } catch (error) {
    if (error instanceof NothingToClaim) return { taken: false, queued: false, freedAt: null };
    throw error;
  }
}

export interface RunBeat {
  /** Whether `holder` still holds the lane (false: another process took it over). */
  holding: boolean;
  /** The team's reset count now. */
  resets: number;
  /** Whether the draft is still there and still this process's to run (false: deleted, or taken away). */
  draftHeld: boolean;
}

/** Keeps the holder's lane and running draft alive and records the run's last progress; says what changed meanwhile. */
export async function beatRun(db: AppDatabase, input: { holder: string; draftId: string; nowIso: string; progressIso: string }): Promise<RunBeat> {
  const lane = await k(db)
    .updateTable('blog_model_lane')
    .set({ heartbeat_at: input.nowIso, progress_at: input.progressIso })
    .where('holder', '=', input.holder)
    .returning('resets')
    .executeTakeFirst();
  const draft = await k(db)
    .updateTable('blog_drafts')
    .set({ pipeline_heartbeat_at: input.nowIso })
    .where('id', '=', input.draftId)
    .where('pipeline_holder', '=', input.holder)
    .returning('id')
    .executeTakeFirst();
  return { holding: lane !== undefined, resets: Number(lane?.resets ?? 0), draftHeld: draft !== undefined };
}

/** Counts a stalled run among the team's resets; returns the new count. */
export async function countStall(db: AppDatabase, holder: string): Promise<number | null> {
  const lane = await k(db)
    .updateTable('blog_model_lane')
    .set((eb) => ({ resets: eb('resets', '+', 1) }))
    .where('holder', '=', holder)
    .returning('resets')
    .executeTakeFirst();
  return lane === undefined ? null : Number(lane.resets);
}

/** Lets the lane go; `finishedIso` (the end of a pipeline) starts the gap before the next one, null leaves it. */
export async function releaseLane(db: AppDatabase, holder: string, finishedIso: string | null): Promise<void> {
  await k(db)
    .updateTable('blog_model_lane')
    .set({ holder: null, draft_id: null, started_at: null, progress_at: null, ...(finishedIso === null ? {} : { finished_at: finishedIso }) })
    .where('holder', '=', holder)
    .execute();
}

export interface TeamQueueRows {
  running: { draft_id: string; title: string; step: number | null; since: string; last_progress_at: string } | null;
  /** Draft ids waiting, next first. */
  queued: string[];
  resets: number;
}

/** The team's queue: the draft that holds the lane (while it runs) and the queued drafts, oldest first. */
export async function readTeamQueue(db: AppDatabase): Promise<TeamQueueRows> {
  const lane = await k(db)
    .selectFrom('blog_model_lane as l')
    .leftJoin('blog_drafts as d', 'd.id', 'l.draft_id')
    .select(['l.holder', 'l.draft_id', 'l.started_at', 'l.progress_at', 'l.resets', 'd.title', 'd.pipeline_step', 'd.pipeline_state'])
    .where('l.id', '=', 1)
    .executeTakeFirst();
  const queued = await queuedDraftIds(db);
  const running =
    lane?.holder != null && lane.draft_id !== null && lane.title !== null && lane.pipeline_state === 'running'
      ? {
          draft_id: lane.draft_id,
          title: lane.title,
          step: lane.pipeline_step,
          since: lane.started_at ?? '',
          last_progress_at: lane.progress_at ?? lane.started_at ?? '',
        }
      : null;
  return { running, queued, resets: Number(lane?.resets ?? 0) };
}

async function queuedDraftIds(db: AppDatabase): Promise<string[]> {
  const rows = await k(db).selectFrom('blog_drafts').select('id').where('pipeline_state', '=', 'queued').orderBy('pipeline_queued_at').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * reset-queue for the whole team, in one transaction: the reset count goes up (the process running a pipeline sees it
 * and stops the run, which records its draft cancelled), the lane lets go of the running draft, and every queued draft
 * ends cancelled. Returns the draft ids
 * affected, the running one first.
 */
export async function resetTeamQueue(db: AppDatabase, input: { nowIso: string; message: string }): Promise<string[]> {
  await ensureLane(db);
  return db.transaction(async (tx) => {
    const lane = await k(tx).selectFrom('blog_model_lane').select(['holder', 'draft_id']).where('id', '=', 1).executeTakeFirst();
    // The lane stays with its holder until its run has stopped (one pipeline at a time), but no longer shows the
    // cancelled draft as running: the queue view, the reply to this reset included, has it gone at once.
    await k(tx)
      .updateTable('blog_model_lane')
      .set((eb) => ({ resets: eb('resets', '+', 1), draft_id: null }))
      .where('id', '=', 1)
      .execute();
    const queued = await queuedDraftIds(tx);
    const ended = await k(tx)
      .updateTable('blog_drafts')
      .set({ pipeline_state: 'cancelled', pipeline_message: input.message, pipeline_updated_at: input.nowIso })
      .where('pipeline_state', '=', 'queued')
      .returning('id')
      .execute();
    const endedIds = new Set(ended.map((r) => r.id));
    const running = lane?.holder != null && lane.draft_id != null ? [lane.draft_id] : [];
    return [...running, ...queued.filter((id) => endedIds.delete(id)), ...endedIds];
  });
}
