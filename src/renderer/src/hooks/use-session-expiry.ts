import { useEffect, useState } from 'react';

/** How long before expiry the header starts warning. */
const WARN_BEFORE_MS = 15 * 60_000;
/** setTimeout takes at most 2^31-1 ms (about 24.8 days); longer waits are re-armed. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Sends the user to the login page the moment the token expires (instead of letting the next API call fail with a
 * 401), and reports the minutes left once expiry is near so the header can say so.
 */
export function useSessionExpiry(expiresAt: number, onExpired: () => void): number | null {
  const [minutesLeft, setMinutesLeft] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = expiresAt - Date.now();
      if (left <= 0) {
        onExpired();
        return;
      }
      setMinutesLeft(left <= WARN_BEFORE_MS ? Math.ceil(left / 60_000) : null);
      // Wake at expiry, at the start of the warning window, or each minute inside it, whichever comes first.
      const next = left <= WARN_BEFORE_MS ? Math.min(left, 60_000) : left - WARN_BEFORE_MS;
      timer = setTimeout(tick, Math.min(next, MAX_TIMEOUT_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [expiresAt, onExpired]);

  return minutesLeft;
}
