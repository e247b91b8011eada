import { describe, expect, it } from 'vitest';
import { eventLoopTurns } from '../../../src/service/event-loop-turns.js';

/** Whether a callback queued for the next turn of the event loop ran while `step` was awaited. */
async function loopTurnedDuring(step: () => Promise<void>): Promise<boolean> {
  let turned = false;
  const immediate = setImmediate(() => (turned = true));
  await step();
  clearImmediate(immediate);
  return turned;
}

describe('eventLoopTurns', () => {
  it('lets the event loop turn once the job has worked its slice, and starts a new slice after the turn', async () => {
    const turn = eventLoopTurns(0);
    expect(await loopTurnedDuring(turn)).toBe(true);
    expect(await loopTurnedDuring(turn)).toBe(true);
  });

  it('returns without a turn while the slice lasts, so short jobs pay nothing', async () => {
    const turn = eventLoopTurns(60 * 60_000);
    for (let i = 0; i < 100; i += 1) expect(await loopTurnedDuring(turn)).toBe(false);
  });
});

describe('eventLoopTurns with a signal', () => {
  it("throws the signal's reason at the next step once it aborts, whether or not the slice is over", async () => {
    const controller = new AbortController();
    const turn = eventLoopTurns(60 * 60_000, controller.signal);
    await turn();
    const reason = new Error('client gone');
    controller.abort(reason);
    await expect(turn()).rejects.toBe(reason);
    await expect(eventLoopTurns(0, controller.signal)()).rejects.toBe(reason);
  });
});
