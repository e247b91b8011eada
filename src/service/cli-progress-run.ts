import type { SingleBar } from 'cli-progress';
import { AppError } from './errors.js';

/**
 * Runs a CLI verb's work under a progress bar. A refusal by the service (an AppError: bad input, a damaged file)
 * stops the bar and becomes one line on stderr and exit code 1; anything else is a bug and propagates. The cleanup
 * (closing the database or the service) always runs.
 */
export async function runUnderProgressBar(bar: SingleBar, work: () => Promise<number>, cleanup: () => Promise<void>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    bar.stop();
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await cleanup();
  }
}
