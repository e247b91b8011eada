import type { Logger } from 'pino';
import { abortableSleep } from '../../abortable-sleep.js';

/**
 * The serialized pipeline queue: one pipeline at a time (a laptop's model server, or a hosted API's token budget,
 * serves one well), at least GAP_MS between the end of one and the start of the next, and a watchdog that aborts a
 * run that made no progress for STALL_MS. The waiting drafts and the one lane to the model are the team's, in the
 * database (QueueLane); this file is one process's worker on them: it takes the next draft when the lane lets it,
 * runs it, and stops the run when the lane says the queue was reset, the draft deleted or the lane taken over.
 */
export const GAP_MS = 3_000;
export const STALL_MS = 15 * 60_000;
/** How long a worker whose look at the lane failed (the database away) waits before the next look. */
const RETRY_MS = 1_000;

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
}

export interface RunControl {
  signal: AbortSignal;
  /** Called on every sign of life (a step started or finished, streamed text): it holds the stall watchdog off. */
  progress(): void;
}

type AbortKind = 'reset' | 'stalled' | 'deleted' | 'closing' | 'lost';

/**
 * Why a run was aborted: the queue was reset, the run stalled, the draft was deleted, the service stops, or another
 * process took the model lane over (this one's heartbeats did not reach the database).
 */
export class PipelineAbortedError extends Error {
  constructor(
    readonly kind: AbortKind,
    message: string,
  ) {
    super(message);
    this.name = 'PipelineAbortedError';
  }
}

/** What a draft's pipeline message says when its run was aborted for each reason (the stall's names its minutes). */
export const ABORT_MESSAGES: Record<Exclude<AbortKind, 'stalled'>, string> = {
  reset: 'The queue was reset: the run was cancelled.',
  deleted: 'The draft was deleted.',
  closing: 'The service stopped during the run.',
  lost: 'Another process took the language model over while this one could not reach the database: the run was stopped.',
};

/** Why the lane says a running pipeline must stop, or null while it may go on. */
export type LaneVerdict = Exclude<AbortKind, 'stalled' | 'closing'> | null;

/** The team's queue and its one lane to the model, as one process's worker sees them. */
export interface QueueLane {
  /**
   * Takes the lane and the oldest queued draft (now running, this process's): its id; else how long to wait before
   * looking again (the lane is busy or in its gap), or null when nothing is queued.
   */
  claim(): Promise<{ draftId: string } | { retryInMs: number | null }>;
  /** While `draftId` runs here: keeps the run alive with its last progress, and says whether it must stop. */
  check(draftId: string, lastProgressAt: number): Promise<LaneVerdict>;
  /** Counts a stalled run among the team's resets. */
  stalled(): Promise<void>;
  /** Lets the lane go after a run: the gap before the next one starts now. */
  release(): Promise<void>;
}

export interface PipelineQueueOptions {
  clock: Clock;
  lane: QueueLane;
  logger: Logger;
  stallMs?: number;
  /** Runs one pipeline; must settle when control.signal aborts. */
  run(job: QueueJob, control: RunControl): Promise<void>;
}

interface Running {
  draftId: string;
  lastProgressAt: number;
  controller: AbortController;
}

export interface PipelineQueue {
  /** Work may be queued, or the lane let go: look now (a call while the worker is busy makes it look again after). */
  wake(): void;
  /** The heartbeat of the running pipeline: asks the lane, and stops the run when it was reset, deleted or taken over. */
  check(): Promise<void>;
  /** The draft this process runs now, if any. */
  runningDraft(): string | null;
  /** Resolves when this process runs nothing and found nothing queued (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createPipelineQueue(options: PipelineQueueOptions): PipelineQueue {
  const { clock, logger, lane } = options;
  const stallMs = options.stallMs ?? STALL_MS;
  let running: Running | null = null;
  let worker: Promise<void> | null = null;
  /** The latest run itself, which may outlive the race after an abort while it records its end. */
  let lastRun: Promise<void> = Promise.resolve();
  let woken = false;
  let nap: AbortController | null = null;
  let closed = false;
  const closing = new AbortController();

  async function watch(current: Running, done: AbortSignal): Promise<void> {
    while (!done.aborted) {
      const left = current.lastProgressAt + stallMs - clock.now();
      if (left <= 0) {
        logger.warn({ draftId: current.draftId }, 'blog pipeline stalled; aborting it');
        current.controller.abort(new PipelineAbortedError('stalled', `No progress for ${Math.round(stallMs / 60_000)} minutes: the run was reset.`));
        await lane.stalled().catch((error: unknown) => logger.warn({ err: error }, 'blog stall not counted'));
        return;
      }
      await clock.sleep(left, done).catch(() => undefined);
    }
  }

  async function runOne(draftId: string): Promise<void> {
    const controller = new AbortController();
    const current: Running = { draftId, lastProgressAt: clock.now(), controller };
    running = current;
    if (closed) controller.abort(new PipelineAbortedError('closing', ABORT_MESSAGES.closing));
    const done = new AbortController();
    const watchdog = watch(current, done.signal);
    // A run that ignores its signal must not hold the queue: the abort settles the race on its own.
    const aborted = new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve(), { once: true }));
    const control: RunControl = {
      signal: controller.signal,
      progress() {
        current.lastProgressAt = clock.now();
      },
    };
    const run = options.run({ draftId }, control);
    lastRun = run.catch(() => undefined);
    try {
      await Promise.race([run, aborted]);
    } catch (error) {
      logger.error({ err: error, draftId }, 'blog pipeline run failed outside its steps');
    } finally {
      done.abort();
      await watchdog;
      running = null;
    }
  }

  async function pause(ms: number): Promise<void> {
    nap = new AbortController();
    await clock.sleep(ms, AbortSignal.any([closing.signal, nap.signal])).catch(() => undefined);
    nap = null;
  }

  async function drain(): Promise<void> {
    while (!closed) {
      woken = false;
      let claim: Awaited<ReturnType<QueueLane['claim']>>;
      try {
        claim = await lane.claim();
      } catch (error) {
        logger.warn({ err: error }, 'blog model lane not reached; trying again');
        claim = { retryInMs: RETRY_MS };
      }
      if ('draftId' in claim) {
        try {
          await runOne(claim.draftId);
        } finally {
          await lane.release().catch((error: unknown) => logger.warn({ err: error }, 'blog model lane not let go; it lapses'));
        }
      } else if (claim.retryInMs !== null) {
        await pause(claim.retryInMs);
      } else if (!woken) {
        return;
      }
    }
  }

  function kick(): void {
    worker ??= drain().finally(() => {
      worker = null;
      if (woken && !closed) kick();
    });
  }

  return {
    wake() {
      if (closed) return;
      woken = true;
      nap?.abort();
      kick();
    },
    async check() {
      const current = running;
      if (current === null) return;
      let verdict: LaneVerdict;
      try {
        verdict = await lane.check(current.draftId, current.lastProgressAt);
      } catch (error) {
        logger.warn({ err: error }, 'blog heartbeat not recorded');
        return;
      }
      if (verdict === null || running !== current || current.controller.signal.aborted) return;
      logger.warn({ draftId: current.draftId, verdict }, 'blog pipeline stopped by the team queue');
      current.controller.abort(new PipelineAbortedError(verdict, ABORT_MESSAGES[verdict]));
    },
    runningDraft: () => running?.draftId ?? null,
    async idle() {
      while (worker !== null) await worker;
    },
    async close() {
      if (closed) return;
      closed = true;
      closing.abort();
      running?.controller.abort(new PipelineAbortedError('closing', ABORT_MESSAGES.closing));
      await worker;
      await lastRun;
    },
  };
}
