import { describe, expect, it } from 'vitest';
import { createPollCounter } from '../../../src/renderer/src/api/poll-schedule.js';

describe('polling a running job', () => {
  const schedule = { while: (job: { running: boolean }) => job.running, intervalMs: 15_000, maxAttempts: 3 };

  it('polls every interval while the job runs, at most maxAttempts times, then stops', () => {
    const next = createPollCounter(schedule);
    // The answer that first shows the job running is answer 4; polls follow it until three more have arrived.
    expect(next({ running: true }, 4)).toBe(15_000);
    expect(next({ running: true }, 5)).toBe(15_000);
    expect(next({ running: true }, 6)).toBe(15_000);
    expect(next({ running: true }, 7)).toBe(false);
  });

  it('does not poll a finished job or before the first answer, and counts afresh when a job starts again', () => {
    const next = createPollCounter(schedule);
    expect(next(undefined, 0)).toBe(false);
    expect(next({ running: false }, 1)).toBe(false);
    expect(next({ running: true }, 2)).toBe(15_000);
    expect(next({ running: true }, 5)).toBe(false);
    expect(next({ running: false }, 6)).toBe(false);
    expect(next({ running: true }, 7)).toBe(15_000);
  });
});
