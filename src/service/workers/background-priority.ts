import { setPriority } from 'node:os';

/** The nice value of a thread doing bulk work beside the event loop. */
const BACKGROUND_NICE = 10;

/**
 * Lets the calling worker thread give way to the service's own threads: on Linux the nice value is per thread, and
 * setPriority without a pid sets this thread's, so the event loop keeps answering while bulk work (re-embedding, a
 * collection's graph) takes whatever CPU is left. Where the platform refuses, the thread runs as it is.
 */
export function yieldPriorityToService(): void {
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // A lower priority is a courtesy, never a condition for the work.
  }
}
