import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a long job works on the event loop before it lets requests, timers and health answers in. */
export const WORK_SLICE_MS = 20;

/**
 * For a job of many small steps (statements of one transaction, rows of an import): call the returned function between
 * steps. Once the job has worked `sliceMs` since the loop last turned, the call waits for the next turn of the loop, so
 * requests are answered in between; before that it returns at once, so short jobs pay nothing. An awaited SQLite
 * statement resolves without the loop turning, which is why a chain of them needs this. Once `signal` aborts (the
 * client went away), the call throws its reason, so the job stops at its next step and its transaction rolls back.
 */
export function eventLoopTurns(sliceMs = WORK_SLICE_MS, signal?: AbortSignal): () => Promise<void> {
  let since = performance.now();
  return async () => {
    signal?.throwIfAborted();
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
