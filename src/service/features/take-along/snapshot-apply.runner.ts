import type { AppDatabase } from '../../db/database.js';
import { spawnWorker, workerScript } from '../../workers/worker-script.js';
import { applyPages } from './snapshot-apply.service.js';
import type { PendingPull, StoredSnapshot } from './take-along-state.service.js';

export interface ApplyRequest {
  file: string;
  pending: PendingPull;
  now: number;
}

/** The worker's answer: the snapshot applied, or why not (`constraint`: the pages broke an integrity rule at commit). */
export type ApplyReply = { snapshot: StoredSnapshot } | { error: string; constraint: boolean };

/** The pages broke an integrity rule (a foreign key at commit): the team's rows changed between pages. */
export class SnapshotConstraintError extends Error {}

/**
 * Applies the kept pages in a worker thread with its own connection to the laptop's file (snapshot-apply.worker.ts);
 * an in-memory database, which no other connection can open, is applied on this one.
 */
export async function applyPulledPages(db: AppDatabase, pending: PendingPull, now: number): Promise<StoredSnapshot> {
  if (db.engine !== 'sqlite' || db.location === ':memory:') return applyPages(db, pending, now);
  const worker = spawnWorker(workerScript(import.meta.url, 'snapshot-apply.worker'), {
    workerData: { file: db.location, pending, now } satisfies ApplyRequest,
  });
  const reply = await new Promise<ApplyReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the snapshot apply worker stopped (exit code ${code}) before it answered`)));
  });
  await worker.terminate();
  if ('snapshot' in reply) return reply.snapshot;
  throw reply.constraint ? new SnapshotConstraintError(reply.error) : new Error(reply.error);
}
