/**
 * How processes sharing a database tell that one of them is gone: a process holding work beats (rewrites a
 * heartbeat time) every heartbeatMs; work whose heartbeat is older than STALE_BEATS beats belongs to a process that
 * stopped.
 */
export const STALE_BEATS = 4;

/** The time (ISO-8601) before which a heartbeat written every `heartbeatMs` has lapsed, at `nowMs`. */
export function lapsedBeforeIso(nowMs: number, heartbeatMs: number): string {
  return new Date(nowMs - STALE_BEATS * heartbeatMs).toISOString();
}

/** Whether `pid` names a running process on this machine (one that exists but is not ours to signal counts). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
