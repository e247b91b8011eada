import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDatabase } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import { processIsRunning } from '../../scheduler/process-liveness.js';
import { type PullClaim, readPullClaim, releasePullClaim, renewPullClaim, takePullClaim } from './take-along.repository.js';

/** How long a claim lasts unless renewed: a pull whose process died is taken over after it. */
export const CLAIM_TTL_MS = 30_000;
/** How long the claim lasts while the snapshot is applied: the apply holds the file's write lock, so no renewal runs. */
export const APPLY_CLAIM_MS = 10 * 60_000;

export interface HeldPullClaim {
  /** Renews the claim once for `ms` and stops renewing it (the apply that follows holds the write lock). */
  holdFor(ms: number): Promise<void>;
  release(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a claim's process may still run: one of this machine that is gone (killed, crashed) does not. */
const holderAlive = (claim: PullClaim): boolean => claim.host !== hostname() || processIsRunning(claim.pid);

const isLive = (claim: PullClaim, now: number) => claim.claimed_until >= iso(now) && holderAlive(claim);

/** This process in a claim: what it is and its process id, and a random part that tells two pulls of one process apart. */
export function pullHolder(who: 'service' | 'CLI'): string {
  return `the ${who} (process ${process.pid}, pull ${randomBytes(4).toString('hex')})`;
}

/**
 * Takes the one pull claim of this database for `holder`, renewed every third of its time while the pull runs. A
 * pull already under way (in this process, another service or the CLI on the same data directory) is a 409 that
 * names it.
 */
export async function claimPull(db: AppDatabase, holder: string, from: string, now: () => number): Promise<HeldPullClaim> {
  const at = now();
  const current = await readPullClaim(db);
  const gone = current && !holderAlive(current) ? current.holder : undefined;
  const claim = { holder, host: hostname(), pid: process.pid, from_url: from, started_at: iso(at), claimed_until: iso(at + CLAIM_TTL_MS) };
  const held = await takePullClaim(db, claim, iso(at), gone);
  if (held.holder !== holder) {
    throw new ConflictError(`A pull from ${held.from_url} is under way since ${held.started_at}, run by ${held.holder}: wait until it ends.`, {
      running: { from: held.from_url, started_at: held.started_at, holder: held.holder },
    });
  }
  let renewing: NodeJS.Timeout | undefined = setInterval(() => {
    // A renewal that fails (the database closing) lets the claim lapse, which is what a dead holder's does.
    void renewPullClaim(db, holder, iso(now() + CLAIM_TTL_MS)).catch(() => undefined);
  }, CLAIM_TTL_MS / 3).unref();
  const stop = () => {
    clearInterval(renewing);
    renewing = undefined;
  };
  return {
    async holdFor(ms) {
      stop();
      await renewPullClaim(db, holder, iso(now() + ms));
    },
    async release() {
      stop();
      await releasePullClaim(db, holder);
    },
  };
}

/** The pull another process runs now (its claim has not lapsed), if any. */
export async function livePullClaim(db: AppDatabase, now: number): Promise<{ from: string } | undefined> {
  const claim = await readPullClaim(db);
  return claim && isLive(claim, now) ? { from: claim.from_url } : undefined;
}
