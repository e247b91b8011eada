import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/service/logger.js';
import {
  createPipelineQueue,
  GAP_MS,
  PipelineAbortedError,
  type QueueJob,
  type RunControl,
  STALL_MS,
} from '../../../src/service/features/blog/pipeline-queue.js';
import { createFakeClock } from '../../helpers/fake-clock.js';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A queue whose runs wait until the test finishes them (or they are aborted), recording what happened when. */
function harness() {
  const clock = createFakeClock();
  const events: string[] = [];
  const finishers = new Map<string, () => void>();
  const controls = new Map<string, RunControl>();
  const dropped: Array<{ id: string; kind: string }> = [];
  const queue = createPipelineQueue({
    clock,
    logger: createLogger('silent'),
    run: (job: QueueJob, control) =>
      new Promise<void>((resolve, reject) => {
        events.push(`start ${job.draftId} @${clock.now() - start}`);
        controls.set(job.draftId, control);
        finishers.set(job.draftId, () => {
          events.push(`end ${job.draftId} @${clock.now() - start}`);
          resolve();
        });
        control.signal.addEventListener('abort', () => {
          events.push(`abort ${job.draftId} (${(control.signal.reason as PipelineAbortedError).kind}) @${clock.now() - start}`);
          reject(control.signal.reason as Error);
        });
      }),
    dropped: (job, reason) => dropped.push({ id: job.draftId, kind: reason.kind }),
  });
  const start = clock.now();
  return { clock, queue, events, finish: async (id: string) => (finishers.get(id)?.(), settle()), controls, dropped };
}

describe('pipeline queue', () => {
  it('runs one pipeline at a time, in order, with 3 s between queued pipelines', async () => {
    const h = harness();
    expect(h.queue.enqueue({ draftId: 'a', resume: false })).toBe(0);
    expect(h.queue.enqueue({ draftId: 'b', resume: false })).toBe(1);
    expect(h.queue.enqueue({ draftId: 'c', resume: false })).toBe(2);
    await settle();
    expect(h.events).toEqual(['start a @0']);
    expect(h.queue.state().queued).toEqual(['b', 'c']);
    expect(h.queue.state().running?.draftId).toBe('a');

    await h.clock.advance(60_000);
    await h.finish('a');
    // b waits the gap: nothing starts before 3 s have passed since a ended.
    await h.clock.advance(GAP_MS - 1);
    expect(h.events).toEqual(['start a @0', 'end a @60000']);
    await h.clock.advance(1);
    expect(h.events.at(-1)).toBe(`start b @${60_000 + GAP_MS}`);
    await h.finish('b');
    await h.clock.advance(GAP_MS);
    await h.finish('c');
    await h.queue.idle();
    expect(h.events).toEqual([
      'start a @0',
      'end a @60000',
      `start b @${60_000 + GAP_MS}`,
      `end b @${60_000 + GAP_MS}`,
      `start c @${60_000 + 2 * GAP_MS}`,
      `end c @${60_000 + 2 * GAP_MS}`,
    ]);
  });

  it('keeps one place per draft: enqueueing a queued or running draft again adds nothing', async () => {
    const h = harness();
    h.queue.enqueue({ draftId: 'a', resume: false });
    h.queue.enqueue({ draftId: 'b', resume: false });
    await settle();
    expect(h.queue.enqueue({ draftId: 'a', resume: false })).toBe(0);
    expect(h.queue.enqueue({ draftId: 'b', resume: false })).toBe(1);
    expect(h.queue.state().queued).toEqual(['b']);
    await h.queue.close();
  });

  it('aborts a run that made no progress for 15 minutes, then goes on with the queue', async () => {
    const h = harness();
    h.queue.enqueue({ draftId: 'a', resume: false });
    h.queue.enqueue({ draftId: 'b', resume: false });
    await settle();
    // Progress 10 minutes in holds the watchdog off for another 15 minutes.
    await h.clock.advance(10 * 60_000);
    h.controls.get('a')?.progress(4);
    expect(h.queue.state().running?.step).toBe(4);
    await h.clock.advance(STALL_MS - 1);
    expect(h.events).toEqual(['start a @0']);
    await h.clock.advance(1);
    expect(h.events).toEqual(['start a @0', `abort a (stalled) @${10 * 60_000 + STALL_MS}`]);
    expect(h.queue.state().resets).toBe(1);
    await h.clock.advance(GAP_MS);
    expect(h.events.at(-1)).toBe(`start b @${10 * 60_000 + STALL_MS + GAP_MS}`);
    await h.queue.close();
  });

  it('reset aborts the running pipeline and drops the waiting ones; the queue takes new work afterwards', async () => {
    const h = harness();
    for (const id of ['a', 'b', 'c']) h.queue.enqueue({ draftId: id, resume: false });
    await settle();
    expect(h.queue.reset()).toEqual(['a', 'b', 'c']);
    await settle();
    expect(h.events).toEqual(['start a @0', 'abort a (reset) @0']);
    expect(h.dropped).toEqual([
      { id: 'b', kind: 'reset' },
      { id: 'c', kind: 'reset' },
    ]);
    expect(h.queue.state()).toMatchObject({ running: null, queued: [], resets: 1 });
    h.queue.enqueue({ draftId: 'd', resume: false });
    await h.clock.advance(GAP_MS);
    expect(h.events.at(-1)).toBe(`start d @${GAP_MS}`);
    await h.queue.close();
  });

  it('moves on when an aborted run ignores its signal', async () => {
    const clock = createFakeClock();
    const started: string[] = [];
    const queue = createPipelineQueue({
      clock,
      logger: createLogger('silent'),
      run: (job) => {
        started.push(job.draftId);
        return new Promise<void>(() => undefined);
      },
      dropped: () => undefined,
    });
    queue.enqueue({ draftId: 'a', resume: false });
    queue.enqueue({ draftId: 'b', resume: false });
    await settle();
    queue.cancel('a', new PipelineAbortedError('deleted', 'deleted'));
    await clock.advance(GAP_MS);
    expect(started).toEqual(['a', 'b']);
    queue.reset();
  });
});
