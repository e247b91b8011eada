/** How a long-running job is watched: while it runs, every intervalMs, at most maxAttempts times. */
export interface PollSchedule<T> {
  /** Poll while the latest answer says the job still runs. */
  while(data: T): boolean;
  intervalMs: number;
  maxAttempts: number;
}

/**
 * Counts the answers received since the job was first seen running, and stops asking after maxAttempts of them
 * (spec "Limits": a running job is polled every 15 to 20 s, up to 60 attempts). The count restarts when the job
 * is seen running again after it stopped.
 */
export function createPollCounter<T>(schedule: PollSchedule<T>): (data: T | undefined, answers: number) => number | false {
  let startedAt: number | undefined;
  return (data, answers) => {
    if (data === undefined || !schedule.while(data)) {
      startedAt = undefined;
      return false;
    }
    startedAt ??= answers;
    return answers - startedAt < schedule.maxAttempts ? schedule.intervalMs : false;
  };
}
