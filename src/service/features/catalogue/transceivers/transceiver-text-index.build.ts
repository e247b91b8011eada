import type { Logger } from 'pino';
import type { TextIndexStatus } from '../../../../shared/api/system.schemas.js';
import { abortableSleep } from '../../../abortable-sleep.js';
import type { AppDatabase } from '../../../db/database.js';
import { buildTextIndexChunk, readTextIndexBuild } from './transceiver-text-index.repository.js';

/**
 * Rows per transaction: about 8 ms of writing at 2 cores, so a request waits at most that long behind a chunk, and a
 * writer in another process (the CLI's import) gets the write lock between chunks.
 */
const CHUNK_ROWS = 2_000;
/** A pause between chunks, so requests that arrived during one are answered before the next. */
const PAUSE_MS = 2;
/** When another process holds the write lock past busy_timeout, the build waits this long and tries again. */
const BUSY_RETRY_MS = 1_000;

export interface TextIndexBuild {
  /** Starts the background build when the index is incomplete (the first start after an upgrade); else does nothing. */
  start(): void;
  /** Resolves once no build runs: complete, stopped by close(), or given up after an error (logged). */
  whenIdle(): Promise<void>;
  status(): TextIndexStatus;
  /** Stops a running build between two chunks; what it added stays, and the next start goes on from there. */
  close(): Promise<void>;
}

function isBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'SQLITE_BUSY';
}

/**
 * The catalogue's trigram index (migrations/012) is filled after the start rather than inside the migration, so an
 * upgraded data directory answers at once; the list scans for `q` until the build completes (same rows). The build's
 * boundary lives in the database, so a stop or a crash loses nothing and the next start goes on where it stopped.
 */
export function createTextIndexBuild(deps: { db: AppDatabase; logger: Logger; now: () => number; chunkRows?: number }): TextIndexBuild {
  const { db, logger, now } = deps;
  const chunkRows = deps.chunkRows ?? CHUNK_ROWS;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  let pace: { started: number; added: number } | undefined;

  const run = async () => {
    const startedAt = now();
    pace = { started: startedAt, added: 0 };
    logger.info({ remaining: readTextIndexBuild(db).remaining }, 'catalogue text index: building in the background');
    while (!stop.signal.aborted) {
      let chunk: { added: number; complete: boolean };
      try {
        chunk = buildTextIndexChunk(db, chunkRows, new Date(now()).toISOString());
      } catch (error) {
        if (!isBusy(error)) throw error;
        await abortableSleep(BUSY_RETRY_MS, stop.signal);
        continue;
      }
      pace.added += chunk.added;
      if (chunk.complete) {
        logger.info({ rows: pace.added, ms: now() - startedAt }, 'catalogue text index: complete');
        return;
      }
      await abortableSleep(PAUSE_MS, stop.signal);
    }
  };

  return {
    start() {
      if (running !== undefined || stop.signal.aborted || readTextIndexBuild(db).complete) return;
      running = run()
        .catch((error: unknown) => {
          // The list keeps scanning (same rows), so a failed build costs speed, not answers; the next start tries again.
          if (!stop.signal.aborted) logger.error({ err: error }, 'catalogue text index: build stopped');
        })
        .finally(() => {
          running = undefined;
          pace = undefined;
        });
    },
    whenIdle: () => running ?? Promise.resolve(),
    status() {
      const state = readTextIndexBuild(db);
      const total = state.done + state.remaining;
      const percent = state.complete || total === 0 ? 100 : Math.floor((100 * state.done) / total);
      const seconds = pace === undefined ? 0 : (now() - pace.started) / 1000;
      const rate = pace !== undefined && pace.added > 0 && seconds > 0 ? pace.added / seconds : null;
      return {
        state: state.complete ? 'complete' : running !== undefined ? 'building' : 'incomplete',
        done: state.done,
        total,
        percent,
        rows_per_s: rate === null ? null : Math.round(rate),
        eta_seconds: rate === null || state.complete ? null : Math.ceil(state.remaining / rate),
        completed_at: state.completedAt,
      };
    },
    async close() {
      stop.abort(new Error('service stopping'));
      await running;
    },
  };
}
