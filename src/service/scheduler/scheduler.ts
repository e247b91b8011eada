import schedule from 'node-schedule';
import type { Logger } from 'pino';
import type { JobTrigger } from '../../shared/vocabulary/jobs.vocabulary.js';
import type { AppDatabase } from '../db/database.js';
import { beatRun, claimRun, findRun, finishRun, type JobRunRow, latestRunPerJob, type RunCounts } from './job-runs.repository.js';
import { createRunCounter, type JobProgress, type RunCounter } from './run-counter.js';

export type { JobProgress } from './run-counter.js';

export interface ScheduledJob {
  /** Unique within one service; the name in the API, the CLI and the history. */
  name: string;
  /** One line for people: what the job does. */
  summary: string;
  /** A cron expression ("0 *\/6 * * *") or an interval in milliseconds. */
  every: string | number;
  /**
   * Does the work; reports pages, stored items and the failures it survived through `progress`. A throw fails the
   * run (what was stored before stays stored); the returned text, if any, is the run's summary message.
   */
  run(signal: AbortSignal, progress: JobProgress): Promise<string | void>;
}

export interface JobState {
  name: string;
  summary: string;
  every: string | number;
  /** A run of this job is going on, in this process or another one on the same data directory. */
  running: boolean;
  nextRunAt: string | null;
  lastRun: JobRunRow | null;
}

export type RunStart =
  | { started: true; runId: number; done: Promise<JobRunRow>; /** live counts, for a progress display */ counts(): RunCounts }
  | { started: false; running: JobRunRow };

export interface Scheduler {
  register(job: ScheduledJob): void;
  start(): void;
  stop(): Promise<void>;
  jobs(): Promise<JobState[]>;
  /** The registered jobs' names, in registration order. */
  names(): string[];
  has(name: string): boolean;
  /** Starts a run now unless one of the same job is running anywhere; `done` settles when it has finished. */
  runNow(name: string, trigger: JobTrigger): Promise<RunStart>;
}

/** How often a running job's row is touched; a row untouched for STALE_MS belongs to a process that is gone. */
const HEARTBEAT_MS = 15_000;
const STALE_MS = 4 * HEARTBEAT_MS;

interface Entry {
  job: ScheduledJob;
  handle?: schedule.Job | NodeJS.Timeout;
  /** When an interval job (every: milliseconds) fires next. */
  nextAt?: number;
  running?: Promise<JobRunRow>;
}

export interface SchedulerDeps {
  /** false (SCHEDULER_ENABLED=false): no timers; runNow still works. */
  enabled: boolean;
  logger: Logger;
  db: AppDatabase;
  now: () => number;
}

/**
 * A job runner with no business logic. Every run is a row in job_runs, claimed in the database, so two runs of one
 * job never overlap, even when the command line runs it in another process while the service runs. stop() cancels
 * the timers, aborts running jobs and waits for them, so the database can be closed safely after it.
 */
export function createScheduler(deps: SchedulerDeps): Scheduler {
  const entries = new Map<string, Entry>();
  const abort = new AbortController();
  let started = false;
  /** Claims under way: stop() waits for them, so a run claimed while stopping is still waited for. */
  const claiming = new Set<Promise<unknown>>();
  const iso = () => new Date(deps.now()).toISOString();

  const execute = async (entry: Entry, runId: number, counter: RunCounter): Promise<JobRunRow> => {
    const log = deps.logger.child({ job: entry.job.name, run: runId });
    // A missed beat is not fatal: the next one, or the run's end, writes the row again.
    const heartbeat = setInterval(() => {
      beatRun(deps.db, runId, iso(), counter.counts()).catch((error: unknown) => log.warn({ err: error }, 'job heartbeat not recorded'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const startedAt = deps.now();
    try {
      // A run claimed while the scheduler was stopping ends cancelled without starting its work.
      abort.signal.throwIfAborted();
      const summary = await entry.job.run(abort.signal, counter.progress);
      const status = abort.signal.aborted ? 'cancelled' : 'succeeded';
      await finishRun(deps.db, runId, { status, nowIso: iso(), counts: counter.counts(), message: summary || null });
      log.info({ ms: deps.now() - startedAt, ...counter.counts(), status }, 'job run finished');
    } catch (error) {
      const status = abort.signal.aborted ? 'cancelled' : 'failed';
      await finishRun(deps.db, runId, { status, nowIso: iso(), counts: counter.counts(), message: (error as Error).message });
      log.error({ err: error }, 'job run failed');
    } finally {
      clearInterval(heartbeat);
    }
    return (await findRun(deps.db, runId))!;
  };

  const claimAndStart = async (entry: Entry, trigger: JobTrigger): Promise<RunStart> => {
    const claim = await claimRun(deps.db, {
      job: entry.job.name,
      trigger,
      nowIso: iso(),
      staleBeforeIso: new Date(deps.now() - STALE_MS).toISOString(),
      pid: process.pid,
    });
    if (!claim.claimed) return { started: false, running: claim.running };
    const counter = createRunCounter();
    const done = execute(entry, claim.id, counter).finally(() => {
      entry.running = undefined;
    });
    entry.running = done;
    return { started: true, runId: claim.id, done, counts: counter.counts };
  };

  /** Settles once the run is claimed and, if it was, entry.running is set, so stop() then sees it. */
  const runNow = (entry: Entry, trigger: JobTrigger): Promise<RunStart> => {
    const start = claimAndStart(entry, trigger);
    claiming.add(start);
    void start.finally(() => claiming.delete(start)).catch(() => undefined);
    return start;
  };

  const onTimer = async (entry: Entry) => {
    if (abort.signal.aborted) return;
    const start = await runNow(entry, 'schedule');
    if (!start.started) deps.logger.info({ job: entry.job.name, running: start.running.id }, 'job still running: this timer run is skipped');
  };
  const fire = (entry: Entry) => {
    onTimer(entry).catch((error: unknown) => deps.logger.error({ err: error, job: entry.job.name }, 'job run could not be started'));
  };

  const arm = (entry: Entry) => {
    const { every } = entry.job;
    if (typeof every === 'number') {
      // A chain of timeouts rather than setInterval, so the next firing time is known and can be shown.
      const fireLater = () => {
        entry.nextAt = deps.now() + every;
        entry.handle = setTimeout(() => {
          fire(entry);
          if (!abort.signal.aborted) fireLater();
        }, every);
        entry.handle.unref();
      };
      fireLater();
    } else {
      entry.handle = schedule.scheduleJob(every, () => fire(entry)) ?? undefined;
    }
  };

  const entryOf = (name: string): Entry => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`No scheduled job named ${name}`);
    return entry;
  };

  return {
    register(job) {
      if (entries.has(job.name)) throw new Error(`Scheduled job ${job.name} is registered twice`);
      const entry: Entry = { job };
      entries.set(job.name, entry);
      if (started) arm(entry);
    },
    start() {
      if (started || !deps.enabled) return;
      started = true;
      for (const entry of entries.values()) arm(entry);
    },
    async stop() {
      abort.abort();
      for (const entry of entries.values()) {
        if (entry.handle instanceof schedule.Job) entry.handle.cancel();
        else if (entry.handle) clearTimeout(entry.handle);
        entry.handle = undefined;
        entry.nextAt = undefined;
      }
      await Promise.allSettled([...claiming]);
      await Promise.allSettled([...entries.values()].flatMap((entry) => entry.running ?? []));
    },
    async jobs() {
      const latest = await latestRunPerJob(deps.db);
      return [...entries.values()].map((entry) => {
        const lastRun = latest.get(entry.job.name) ?? null;
        return {
          name: entry.job.name,
          summary: entry.job.summary,
          every: entry.job.every,
          running: entry.running !== undefined || lastRun?.status === 'running',
          nextRunAt: nextRunOf(entry),
          lastRun,
        };
      });
    },
    names: () => [...entries.keys()],
    has: (name) => entries.has(name),
    async runNow(name, trigger) {
      const entry = entryOf(name);
      if (abort.signal.aborted) throw new Error('The scheduler has stopped');
      return runNow(entry, trigger);
    },
  };
}

function nextRunOf(entry: Entry): string | null {
  if (entry.handle instanceof schedule.Job) return entry.handle.nextInvocation()?.toISOString() ?? null;
  return entry.nextAt === undefined ? null : new Date(entry.nextAt).toISOString();
}
