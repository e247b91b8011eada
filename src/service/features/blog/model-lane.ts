import type { AppDatabase } from '../../db/database.js';
import { beatRun, claimNextDraft, countStall, releaseLane } from './blog-lane.repository.js';
import type { Clock, LaneVerdict, QueueLane } from './pipeline-queue.js';

/** How often a process waiting for the lane another process holds looks again, when no notification wakes it first. */
export const LANE_POLL_MS = 1_000;

export interface ModelLaneOptions {
  db: AppDatabase;
  clock: Clock;
  /** This process among those that share the database. */
  holder: string;
  gapMs: number;
  /** A holder silent for this long is gone: its lane is taken over. */
  staleMs: number;
}

/**
 * The team's queue and lane in the database (blog_drafts and blog_model_lane), for this process's worker: it claims
 * the oldest queued draft when the lane is free and its gap has passed, beats while it runs, and remembers the team's
 * reset count at the claim, so a reset through any process stops the run.
 */
export function createModelLane(options: ModelLaneOptions): QueueLane {
  const { db, clock, holder, gapMs, staleMs } = options;
  const iso = (ms: number) => new Date(ms).toISOString();
  let resets = 0;
  return {
    async claim() {
      const now = clock.now();
      const claim = await claimNextDraft(db, { holder, nowIso: iso(now), gapBeforeIso: iso(now - gapMs), staleBeforeIso: iso(now - staleMs) });
      if (claim.taken) {
        resets = claim.resets;
        return { draftId: claim.draftId };
      }
      if (!claim.queued) return { retryInMs: null };
      if (claim.freedAt === null) return { retryInMs: LANE_POLL_MS };
      return { retryInMs: Math.min(LANE_POLL_MS, Math.max(1, Date.parse(claim.freedAt) + gapMs - now)) };
    },
    async check(draftId, lastProgressAt): Promise<LaneVerdict> {
      const beat = await beatRun(db, { holder, draftId, nowIso: iso(clock.now()), progressIso: iso(lastProgressAt) });
      if (!beat.holding) return 'lost';
      if (!beat.draftHeld) return 'deleted';
      return beat.resets === resets ? null : 'reset';
    },
    async stalled() {
      resets = (await countStall(db, holder)) ?? resets;
    },
    async release() {
      await releaseLane(db, holder, iso(clock.now()));
    },
  };
}
