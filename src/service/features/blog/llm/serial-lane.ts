import { rethrowIfAborted } from './network-failure.js';

export interface SerialLane {
  /** Runs `task` once every task queued before it has finished; a caller that aborts while waiting leaves the line. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** One-at-a-time execution: the hosted API's rate tier (40K tokens a minute) allows one call in flight. */
export function createSerialLane(): SerialLane {
  let tail: Promise<void> = Promise.resolve();
  return {
    async run(task, signal) {
      const previous = tail;
      let release!: () => void;
      tail = new Promise<void>((resolve) => (release = resolve));
      try {
        await waitOrAbort(previous, signal);
        return await task();
      } finally {
        // Even a caller that left early hands on only after the one before it, so tasks never overlap.
        void previous.then(release);
      }
    },
  };
}

function waitOrAbort(turn: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  rethrowIfAborted(signal);
  if (!signal) return turn;
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
