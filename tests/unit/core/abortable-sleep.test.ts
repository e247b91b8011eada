import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortableSleep } from '../../../src/service/abortable-sleep.js';

describe('abortableSleep', () => {
  it('resolves after the wait when nothing aborts, and leaves no abort listener on the signal', async () => {
    const controller = new AbortController();
    const pending = abortableSleep(5, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    await expect(pending).resolves.toBeUndefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it("rejects with the signal's reason when it aborts during the wait, without waiting the full time", async () => {
    const controller = new AbortController();
    const reason = new Error('service stopping');
    const pending = abortableSleep(60 * 60_000, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('rejects at once when the signal has already aborted', async () => {
    const reason = new Error('already stopped');
    await expect(abortableSleep(60 * 60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});
