import type { SingleBar } from 'cli-progress';
import type { Writable } from 'node:stream';
import { AppError } from './errors.js';

/**
 * Runs a CLI verb's work under a progress bar. A refusal by the service (an AppError: bad input, a damaged file)
 * stops the bar and becomes one line on stderr and exit code 1; anything else is a bug and propagates.
 */
export async function runUnderProgressBar(bar: SingleBar, stderr: Writable, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    bar.stop();
    if (error instanceof AppError) {
      stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
