import schedule from 'node-schedule';
import type { Logger } from 'pino';
import type { JobTrigger } from '../../shared/vocabulary/jobs.vocabulary.js';
import type { AppDatabase } from '../db/database.js';
import { abandonLapsedRuns, beatRun, claimRun, findRun, finishRun, type JobRunRow, latestRunPerJob, type RunCounts } from './job-runs.repository.js';
import { ensureSchedule, nextDueAt, takeSlot } from './job-schedules.repository.js';
import { createRunCounter, type JobProgress, type RunCounter } from './run-counter.js';
import { STALE_BEATS } from './process-liveness.js';

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

/** How often a running job's row is touched; a row untouched for STALE_BEATS beats belongs to a process that is gone. */
const HEARTBEAT_MS = 15_000;
/** setTimeout's longest delay; a later due time is looked at again after it. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

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
  /** How often a running job's row is touched (JOB_HEARTBEAT_MS); four missed beats hand the job to another process. */
  heartbeatMs?: number;
}

/**
 * A job runner with no business logic. Every run is a row in job_runs, claimed in the database, so two runs of one
 * job never overlap, even when the command line runs it in another process while the service runs. Several
 * processes on one database run each slot of a schedule once between them: the slot is taken in job_schedules
 * before the run is claimed. With the timers on, a process also takes over a run whose process stopped beating
 * (killed mid-run): it marks the run abandoned and runs the job again. stop() cancels the timers, aborts running
 * jobs and waits for them, so the database can be closed safely after it.
 */
export function createScheduler(deps: SchedulerDeps): Scheduler {
  const entries = new Map<string, Entry>();
  const abort = new AbortController();
  let started = false;
  /** Claims under way: stop() waits for them, so a run claimed while stopping is still waited for. */
  const claiming = new Set<Promise<unknown>>();
  /** Timer work under way (taking a slot, taking a run over): stop() waits for it. */
  const pending = new Set<Promise<unknown>>();
  let watcher: NodeJS.Timeout | undefined;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const iso = (ms = deps.now()) => new Date(ms).toISOString();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
  };

  const execute = async (entry: Entry, runId: number, counter: RunCounter): Promise<JobRunRow> => {
    const log = deps.logger.child({ job: entry.job.name, run: runId });
    // A run whose row another process marked abandoned (its beats did not reach the database) stops: that process runs the job now.
    const lost = new AbortController();
    const signal = AbortSignal.any([abort.signal, lost.signal]);
    // A missed beat is not fatal: the next one, or the run's end, writes the row again.
    const heartbeat = setInterval(() => {
      beatRun(deps.db, runId, iso(), counter.counts())
        .then((alive) => {
          if (alive || lost.signal.aborted) return;
          log.warn('job run taken over by another process; stopping it here');
          lost.abort();
        })
        .catch((error: unknown) => log.warn({ err: error }, 'job heartbeat not recorded'));
    }, heartbeatMs);
    heartbeat.unref();
    const startedAt = deps.now();
    try {
      // A run claimed while the scheduler was stopping ends cancelled without starting its work.
      signal.throwIfAborted();
      const summary = await entry.job.run(signal, counter.progress);
      const status = signal.aborted ? 'cancelled' : 'succeeded';
      await finishRun(deps.db, runId, { status, nowIso: iso(), counts: counter.counts(), message: summary || null });
      log.info({ ms: deps.now() - startedAt, ...counter.counts(), status }, 'job run finished');
    } catch (error) {
      const status = signal.aborted ? 'cancelled' : 'failed';
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
      staleBeforeIso: iso(deps.now() - STALE_BEATS * heartbeatMs),
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

  /** Runs the slot due by `dueByMs` if this process takes it; the job's next slot is then due at `nextDueMs`. */
  const runSlot = async (entry: Entry, dueByMs: number, nextDueMs: number) => {
    if (abort.signal.aborted) return;
    const job = entry.job.name;
    if (!(await takeSlot(deps.db, { job, dueByIso: iso(dueByMs), nextDueIso: iso(nextDueMs) }))) return;
    const start = await runNow(entry, 'schedule');
    if (!start.started) deps.logger.info({ job, running: start.running.id }, 'job still running: this timer run is skipped');
  };
  const logged = (entry: Entry, work: Promise<void>) =>
    track(work.catch((error: unknown) => deps.logger.error({ err: error, job: entry.job.name }, 'job run could not be started')));

  /** Interval jobs wait for the due time the database holds, so every process fires for the same slot. */
  const waitForDue = async (entry: Entry, every: number) => {
    const stored = await nextDueAt(deps.db, entry.job.name);
    if (abort.signal.aborted) return;
    const due = stored === undefined ? deps.now() + every : Date.parse(stored);
    entry.nextAt = due;
    entry.handle = setTimeout(
      () => {
        const now = deps.now();
        const fired = (due <= now ? runSlot(entry, now, now + every) : Promise.resolve()).finally(() => {
          if (!abort.signal.aborted) logged(entry, waitForDue(entry, every));
        });
        logged(entry, fired);
      },
      Math.min(LONGEST_TIMEOUT_MS, Math.max(0, due - deps.now())),
    );
    entry.handle.unref();
  };

  const arm = (entry: Entry) => {
    const { every } = entry.job;
    if (typeof every === 'number') {
      const ready = ensureSchedule(deps.db, { job: entry.job.name, schedule: `every ${every} ms`, firstDueIso: iso(deps.now() + every) });
      logged(
        entry,
        ready.then(() => waitForDue(entry, every)),
      );
    } else {
      // Every process fires at the cron's own times; the first to take a firing moves the slot past it.
      const ready = ensureSchedule(deps.db, { job: entry.job.name, schedule: every, firstDueIso: iso() });
      logged(entry, ready);
      entry.handle =
        schedule.scheduleJob(every, (fireDate) =>
          logged(
            entry,
            ready.then(() => runSlot(entry, fireDate.getTime(), fireDate.getTime() + 1)),
          ),
        ) ?? undefined;
    }
  };

  /** Runs again each job whose run lapsed in a process that stopped beating; one process takes each run. */
  const takeOverLapsed = async () => {
    const lapsed = await abandonLapsedRuns(deps.db, { jobs: [...entries.keys()], nowIso: iso(), staleBeforeIso: iso(deps.now() - STALE_BEATS * heartbeatMs) });
    for (const run of lapsed) {
      const entry = entries.get(run.job);
      if (!entry || abort.signal.aborted) continue;
      deps.logger.warn({ job: run.job, run: run.id, pid: run.pid }, 'job run abandoned by its process: taking it over');
      await runNow(entry, run.trigger);
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
      watcher = setInterval(
        () => track(takeOverLapsed().catch((error: unknown) => deps.logger.error({ err: error }, 'lapsed job runs not checked'))),
        heartbeatMs,
      );
      watcher.unref();
    },
    async stop() {
      abort.abort();
      clearInterval(watcher);
      for (const entry of entries.values()) {
        if (entry.handle instanceof schedule.Job) entry.handle.cancel();
        else if (entry.handle) clearTimeout(entry.handle);
        entry.handle = undefined;
        entry.nextAt = undefined;
      }
      await Promise.allSettled([...pending]);
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
