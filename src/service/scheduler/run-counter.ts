import type { RunCounts } from './job-runs.repository.js';

/** What a running job reports; the scheduler writes it to the run's row with each heartbeat and at the end. */
export interface JobProgress {
  /** Documents fetched (shop pages, feeds). */
  page(count?: number): void;
  /** Records stored (price observations, products, articles). */
  item(count?: number): void;
  /** A page or item that failed without stopping the run. */
  error(message: string): void;
}

/** The first messages are kept: they name the cause; a broken shop repeats the same failure on every page. */
const MAX_ERROR_SAMPLES = 20;

export interface RunCounter {
  progress: JobProgress;
  counts(): RunCounts;
}

export function createRunCounter(): RunCounter {
  let pages = 0;
  let items = 0;
  let errors = 0;
  const errorSamples: string[] = [];
  return {
    progress: {
      page: (count = 1) => void (pages += count),
      item: (count = 1) => void (items += count),
      error(message) {
        errors += 1;
        if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(message);
      },
    },
    counts: () => ({ pages, items, errors, errorSamples: [...errorSamples] }),
  };
}
