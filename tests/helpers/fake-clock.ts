import type { Clock } from '../../src/service/features/blog/pipeline-queue.js';

/** A clock that only moves when a test says so: sleeps resolve when advance() passes their time. */
export interface FakeClock extends Clock {
  advance(ms: number): Promise<void>;
  /** Sleeps waiting now (a test can see that something waits before advancing). */
  pending(): number;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createFakeClock(start = Date.parse('2026-05-04T09:00:00Z')): FakeClock {
  let now = start;
  const sleepers: Array<{ at: number; resolve(): void }> = [];
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason as Error);
        const sleeper = {
          at: now + ms,
          resolve: () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        sleepers.push(sleeper);
      });
    },
    async advance(ms) {
      const target = now + ms;
      await settle();
      for (;;) {
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers[0];
        if (!next || next.at > target) break;
        sleepers.shift();
        now = next.at;
        next.resolve();
        await settle();
      }
      now = target;
      await settle();
    },
    pending: () => sleepers.length,
  };
}
