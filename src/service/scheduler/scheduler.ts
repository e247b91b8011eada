import schedule from 'node-schedule';
import type { Logger } from 'pino';

export interface ScheduledJob {
  /** Unique within one service. */
  name: string;
  /** A cron expression ("0 *\/6 * * *") or an interval in milliseconds. */
  every: string | number;
  run(signal: AbortSignal): Promise<void>;
}

export interface Scheduler {
  register(job: ScheduledJob): void;
  start(): void;
  stop(): Promise<void>;
  jobs(): Array<{ name: string; running: boolean; lastRunAt: string | null; lastError: string | null; nextRunAt: string | null }>;
  /** Runs a job now (for the CLI and tests), unless it is already running. */
  runNow(name: string): Promise<boolean>;
}

interface Entry {
  job: ScheduledJob;
  handle?: schedule.Job | NodeJS.Timeout;
  running?: Promise<void>;
  lastRunAt: string | null;
  lastError: string | null;
}

/**
 * A job runner with no business logic: it never overlaps two runs of one job, and stop() cancels the timers,
 * aborts running jobs and waits for them, so the database can be closed safely after it.
 */
export function createScheduler(options: { enabled: boolean; logger: Logger }): Scheduler {
  const entries = new Map<string, Entry>();
  const abort = new AbortController();
  let started = false;

  const runEntry = async (entry: Entry): Promise<boolean> => {
    if (entry.running || abort.signal.aborted) return false;
    const log = options.logger.child({ job: entry.job.name });
    entry.running = (async () => {
      const startedAt = Date.now();
      try {
        await entry.job.run(abort.signal);
        entry.lastError = null;
        log.info({ ms: Date.now() - startedAt }, 'scheduled job finished');
      } catch (error) {
        entry.lastError = (error as Error).message;
        log.error({ err: error }, 'scheduled job failed');
      } finally {
        entry.lastRunAt = new Date(startedAt).toISOString();
        entry.running = undefined;
      }
    })();
    await entry.running;
    return true;
  };

  const arm = (entry: Entry) => {
    const { every } = entry.job;
    if (typeof every === 'number') {
      const timer = setInterval(() => void runEntry(entry), every);
      timer.unref();
      entry.handle = timer;
    } else {
      entry.handle = schedule.scheduleJob(every, () => void runEntry(entry)) ?? undefined;
    }
  };

  return {
    register(job) {
      if (entries.has(job.name)) throw new Error(`Scheduled job ${job.name} is registered twice`);
      const entry: Entry = { job, lastRunAt: null, lastError: null };
      entries.set(job.name, entry);
      if (started) arm(entry);
    },
    start() {
      if (started || !options.enabled) return;
      started = true;
      for (const entry of entries.values()) arm(entry);
    },
    async stop() {
      abort.abort();
      for (const entry of entries.values()) {
        if (entry.handle instanceof schedule.Job) entry.handle.cancel();
        else if (entry.handle) clearInterval(entry.handle);
        entry.handle = undefined;
      }
      await Promise.allSettled([...entries.values()].flatMap((entry) => entry.running ?? []));
    },
    jobs() {
      return [...entries.values()].map((entry) => ({
        name: entry.job.name,
        running: entry.running !== undefined,
        lastRunAt: entry.lastRunAt,
        lastError: entry.lastError,
        nextRunAt: entry.handle instanceof schedule.Job ? (entry.handle.nextInvocation()?.toISOString() ?? null) : null,
      }));
    },
    async runNow(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`No scheduled job named ${name}`);
      return runEntry(entry);
    },
  };
}
