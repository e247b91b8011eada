import { createWorkerRunner, type WorkerRunner } from './worker-runner.js';
import type { WorkerScript } from './worker-script.js';

export interface WorkerPool<Input, Output> extends WorkerRunner<Input, Output> {
  /** How many workers the pool may run at once: the number of requests worth keeping in flight. */
  readonly size: number;
}

/**
 * Several long-lived request/reply workers of one script (for example one embedding model per core). A request goes
 * to the worker with the fewest requests in flight, so `size` concurrent requests run side by side; each worker
 * starts on its first request, like a single runner, and a crash fails only that worker's requests.
 */
export function createWorkerPool<Input, Output>(
  script: WorkerScript,
  name: string,
  size: number,
  options: { workerData?: unknown } = {},
): WorkerPool<Input, Output> {
  const count = Math.max(1, Math.floor(size));
  const workers = Array.from({ length: count }, (_, i) => ({
    runner: createWorkerRunner<Input, Output>(script, count === 1 ? name : `${name} ${i + 1}`, options),
    busy: 0,
  }));
  return {
    size: count,
    async run(input) {
      let chosen = workers[0] as (typeof workers)[number];
      for (const w of workers) if (w.busy < chosen.busy) chosen = w;
      chosen.busy += 1;
      try {
        return await chosen.runner.run(input);
      } finally {
        chosen.busy -= 1;
      }
    },
    async close() {
      await Promise.all(workers.map((w) => w.runner.close()));
    },
  };
}
