import type { Logger } from 'pino';
import type { AppDatabase, Listener } from '../../db/database.js';
import type { VectorStorage } from '../../vector/vector-storage.js';
import { EMBEDDING_CHANGES_CHANNEL } from './stored-embeddings.repository.js';

/** How often the change sequence is read: the whole path on SQLite, and the fallback for a lost notification. */
export const CHANGES_POLL_MS = 2_000;

export interface ChangeFollower {
  stop(): Promise<void>;
}

/**
 * Keeps this process's collections in step with the vectors other processes store: a notification (PostgreSQL) or a
 * bumped change sequence (polled) names a collection, and `onChange` syncs it, which takes the stored vectors.
 */
export async function followChanges(deps: {
  db: AppDatabase;
  storage: VectorStorage;
  logger: Logger;
  isCollection(name: string): boolean;
  onChange(name: string): void;
  pollMs?: number;
}): Promise<ChangeFollower> {
  const { logger } = deps;
  let seen = await deps.storage.changes().catch(() => new Map<string, number>());
  let stopped = false;
  let polling = false;
  let failing = false;
  const poll = async () => {
    if (polling || stopped) return;
    polling = true;
    try {
      const now = await deps.storage.changes();
      for (const [name, seq] of now) if (seen.get(name) !== seq && deps.isCollection(name)) deps.onChange(name);
      seen = now;
      failing = false;
    } catch (error) {
      // The database is away: the next poll after it is back catches up.
      if (!failing) logger.warn({ err: error }, 'vector changes could not be read');
      failing = true;
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), deps.pollMs ?? CHANGES_POLL_MS).unref();
  let listener: Listener | undefined;
  try {
    listener = await deps.db.listen(
      EMBEDDING_CHANGES_CHANNEL,
      (name) => {
        if (deps.isCollection(name)) deps.onChange(name);
      },
      (error) => logger.warn({ err: error.message }, 'vector change notifications interrupted; polling meanwhile'),
    );
  } catch (error) {
    logger.warn({ err: error }, 'vector change notifications unavailable; polling');
  }
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener?.stop();
    },
  };
}
