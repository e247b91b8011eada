import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { deadlineSignal } from '../../../src/service/deadline-signal.js';

function aborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }));
}

describe('deadlineSignal', () => {
  it('aborts with a TimeoutError naming the deadline when the parent stays quiet', async () => {
    const parent = new AbortController();
    const { signal, done } = deadlineSignal(parent.signal, 5);
    const reason = (await aborted(signal)) as DOMException;
    expect(reason.name).toBe('TimeoutError');
    expect(reason.message).toBe('no answer within 5 ms');
    done();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
  });

  it("passes the parent's reason on at once, and done() stops the timer and leaves no listener", async () => {
    const parent = new AbortController();
    const { signal, done } = deadlineSignal(parent.signal, 60 * 60_000);
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(1);
    const stopping = new Error('service stopping');
    parent.abort(stopping);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(stopping);
    done();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
  });

  it('is aborted from the start when the parent already is', () => {
    const reason = new Error('already stopped');
    const { signal, done } = deadlineSignal(AbortSignal.abort(reason), 60 * 60_000);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
    done();
  });

  it('never aborts once done() ran before the deadline', async () => {
    const { signal, done } = deadlineSignal(new AbortController().signal, 5);
    done();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(signal.aborted).toBe(false);
  });
});
