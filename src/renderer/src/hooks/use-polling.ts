import { useEffect, useRef } from 'react';

export interface PollingOptions {
  /** Poll only while this is true (for example while a job reports it is running). */
  active: boolean;
  intervalMs: number;
  maxAttempts: number;
}

/**
 * Calls poll every intervalMs while active, at most maxAttempts times, then stops (the product's pace for long-running
 * jobs: every 15 to 20 s, up to 60 attempts). The count restarts when active turns true again.
 */
export function usePolling(poll: () => void, options: PollingOptions): void {
  const latest = useRef(poll);
  latest.current = poll;
  const { active, intervalMs, maxAttempts } = options;

  useEffect(() => {
    if (!active) return;
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      if (attempts > maxAttempts) {
        clearInterval(timer);
        return;
      }
      latest.current();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, maxAttempts]);
}
