import type { Logger } from 'pino';
import { abortableSleep } from '../../abortable-sleep.js';
import { UnavailableError } from '../../errors.js';

/**
 * The serialized pipeline queue: one pipeline at a time (a laptop's model server, or a hosted API's token budget,
 * serves one well), at least GAP_MS between the end of one and the start of the next, and a watchdog that aborts a
 * run that made no progress for STALL_MS. With a gate, the one-at-a-time and the gap hold across every process that
 * shares it. reset() aborts the running pipeline and clears the queue.
 */
export const GAP_MS = 3_000;
export const STALL_MS = 15 * 60_000;

/** Time, injectable: tests drive a fake clock instead of waiting. */
export interface Clock {
  now(): number;
  /** Resolves after ms; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: abortableSleep,
};

export interface QueueJob {
  draftId: string;
  resume: boolean;
}

export interface RunControl {
  signal: AbortSignal;
  /** Called on every sign of life (a step started or finished, streamed text): it holds the stall watchdog off. */
  progress(step?: number): void;
}

/**
 * Why a run was aborted: the queue was reset, the run stalled, the draft was deleted, the service stops, or another
 * process took the model lane over (this one's heartbeats did not reach the database).
 */
export class PipelineAbortedError extends Error {
  constructor(
    readonly kind: 'reset' | 'stalled' | 'deleted' | 'closing' | 'lost',
    message: string,
  ) {
    super(message);
    this.name = 'PipelineAbortedError';
  }
}

/**
 * What several processes share: before a job runs, the queue enters the gate (the team's one lane to the model),
 * and leaves it when the run has ended. enter resolves false when `signal` aborts first (the service stops).
 */
export interface QueueGate {
  enter(draftId: string, signal: AbortSignal): Promise<boolean>;
  /** `ran`: a pipeline ran, so the gap before the next one starts now. */
  leave(ran: boolean): Promise<void>;
}

export interface PipelineQueueOptions {
  clock: Clock;
  /** The lane shared with other processes; without one the queue serializes only its own process's pipelines. */
  gate?: QueueGate;
  logger: Logger;
  gapMs?: number;
  stallMs?: number;
  /** Runs one pipeline; must settle when control.signal aborts. */
  run(job: QueueJob, control: RunControl): Promise<void>;
  /** A queued job was dropped before it ran (reset, delete, close). */
  dropped(job: QueueJob, reason: PipelineAbortedError): void;
}

export interface RunningJob {
  draftId: string;
  step: number | null;
  since: number;
  lastProgressAt: number;
}

export interface PipelineQueue {
  /** Adds a job; returns its position (0: running now, 1: next). A draft already queued or running keeps its place. */
  enqueue(job: QueueJob): number;
  has(draftId: string): boolean;
  position(draftId: string): number | null;
  state(): { running: RunningJob | null; queued: string[]; resets: number; gapMs: number; stallMs: number };
  /** Aborts the running pipeline and clears the queue; returns the draft ids affected. */
  reset(): string[];
  /** Takes one draft off the queue, or aborts its run. */
  cancel(draftId: string, reason: PipelineAbortedError): boolean;
  /** Resolves when nothing runs and nothing waits (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createPipelineQueue(options: PipelineQueueOptions): PipelineQueue {
  const { clock, logger } = options;
  const gapMs = options.gapMs ?? GAP_MS;
  const stallMs = options.stallMs ?? STALL_MS;
  const waiting: QueueJob[] = [];
  let running: (RunningJob & { controller: AbortController }) | null = null;
  let worker: Promise<void> | null = null;
  let lastFinishedAt: number | null = null;
  /** The latest run itself, which may outlive the race after an abort while it records its end. */
  let lastRun: Promise<void> = Promise.resolve();
  let resets = 0;
  let closed = false;
  const closing = new AbortController();

  async function watch(current: RunningJob & { controller: AbortController }, done: AbortSignal): Promise<void> {
    while (!done.aborted) {
      const left = current.lastProgressAt + stallMs - clock.now();
      if (left <= 0) {
        resets += 1;
        logger.warn({ draftId: current.draftId }, 'blog pipeline stalled; aborting it');
        current.controller.abort(new PipelineAbortedError('stalled', `No progress for ${Math.round(stallMs / 60_000)} minutes: the run was reset.`));
        return;
      }
      await clock.sleep(left, done).catch(() => undefined);
    }
  }

  async function runOne(job: QueueJob): Promise<void> {
    const controller = new AbortController();
    const startedAt = clock.now();
    const current: RunningJob & { controller: AbortController } = { draftId: job.draftId, step: null, since: startedAt, lastProgressAt: startedAt, controller };
    running = current;
    const done = new AbortController();
    const watchdog = watch(current, done.signal);
    // A run that ignores its signal must not hold the queue: the abort settles the race on its own.
    const aborted = new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve(), { once: true }));
    const control: RunControl = {
      signal: controller.signal,
      progress(step) {
        current.lastProgressAt = clock.now();
        if (step !== undefined) current.step = step;
      },
    };
    const run = options.run(job, control);
    lastRun = run.catch(() => undefined);
    try {
      await Promise.race([run, aborted]);
    } catch (error) {
      logger.error({ err: error, draftId: job.draftId }, 'blog pipeline run failed outside its steps');
    } finally {
      done.abort();
      await watchdog;
      running = null;
      lastFinishedAt = clock.now();
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0 && !closed) {
      if (lastFinishedAt !== null) {
        const wait = lastFinishedAt + gapMs - clock.now();
        if (wait > 0) await clock.sleep(wait, closing.signal).catch(() => undefined);
        if (closed) return;
      }
      const next = waiting[0];
      if (next === undefined) return;
      if (options.gate) {
        if (!(await options.gate.enter(next.draftId, closing.signal))) return;
        // Cancelled, reset or replaced while this process waited for the lane: let it go and look again.
        if (waiting[0] !== next) {
          await options.gate.leave(false);
          continue;
        }
      }
      waiting.shift();
      try {
        await runOne(next);
      } finally {
        await options.gate?.leave(true);
      }
    }
  }

  function position(draftId: string): number | null {
    if (running?.draftId === draftId) return 0;
    const index = waiting.findIndex((j) => j.draftId === draftId);
    return index === -1 ? null : index + 1;
  }

  function kick(): void {
    worker ??= drain().finally(() => {
      worker = null;
      if (waiting.length > 0 && !closed) kick();
    });
  }

  return {
    enqueue(job) {
      if (closed) throw new UnavailableError('The service is stopping: the pipeline takes no new drafts; try again once it is back');
      const at = position(job.draftId);
      if (at !== null) return at;
      waiting.push(job);
      kick();
      return position(job.draftId) ?? 0;
    },
    has: (draftId) => running?.draftId === draftId || waiting.some((j) => j.draftId === draftId),
    position,
    state: () => ({
      running: running === null ? null : { draftId: running.draftId, step: running.step, since: running.since, lastProgressAt: running.lastProgressAt },
      queued: waiting.map((j) => j.draftId),
      resets,
      gapMs,
      stallMs,
    }),
    reset() {
      resets += 1;
      const reason = new PipelineAbortedError('reset', 'The queue was reset: the run was cancelled.');
      const affected = waiting.splice(0).map((job) => {
        options.dropped(job, reason);
        return job.draftId;
      });
      if (running !== null) {
        affected.unshift(running.draftId);
        running.controller.abort(reason);
      }
      return affected;
    },
    cancel(draftId, reason) {
      if (running?.draftId === draftId) {
        running.controller.abort(reason);
        return true;
      }
      const index = waiting.findIndex((j) => j.draftId === draftId);
      if (index === -1) return false;
      const [job] = waiting.splice(index, 1);
      if (job) options.dropped(job, reason);
      return true;
    },
    async idle() {
      while (worker !== null) await worker;
    },
    async close() {
      if (closed) return;
      closed = true;
      closing.abort();
      const reason = new PipelineAbortedError('closing', 'The service stopped during the run.');
      for (const job of waiting.splice(0)) options.dropped(job, reason);
      running?.controller.abort(reason);
      await worker;
      await lastRun;
    },
  };
}
