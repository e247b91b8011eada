/**
 * Keeps one child process running: when it dies it is started again after a delay that doubles with each crash in a
 * row (0.5 s, 1 s, 2 s ... at most 30 s) and falls back to the first once a child has stayed up for a minute. Used
 * for the MCP tool server by `npm run serve` (scripts/start.mjs, compiled into out/server) and by the desktop app
 * (src/main). It imports nothing of ours, so either can load it without the other's dependencies.
 */

/** sysexits' EX_CONFIG: the child will fail the same way until its configuration changes, so it is never restarted. */
export const EXIT_CONFIG = 78;

/** What both a Node ChildProcess and an Electron UtilityProcess offer. */
export interface SupervisedChild {
  readonly pid?: number | undefined;
  on(event: 'exit', listener: (code: number | null, signal?: NodeJS.Signals | null) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  kill(signal?: NodeJS.Signals): boolean;
}

export interface SupervisorOptions {
  /** How the log lines name the child, e.g. "MCP tool server". */
  name: string;
  start: () => SupervisedChild;
  log: (message: string) => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A child that ran this long before it died was healthy: the next restart waits initialDelayMs again. */
  stableAfterMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
}

export interface Supervisor {
  /** Ends the child (SIGTERM, then SIGKILL) and cancels any pending restart; idempotent. */
  stop(): Promise<void>;
  /** The running child's process id, undefined between a death and its restart. */
  readonly pid: number | undefined;
  readonly restarts: number;
  /** Called with each child started, the first one included. */
  onStart(listener: (pid: number | undefined) => void): void;
}

export function superviseProcess(options: SupervisorOptions): Supervisor {
  const initialDelayMs = options.initialDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  const listeners: ((pid: number | undefined) => void)[] = [];
  let child: SupervisedChild | undefined;
  let childEnded: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let delayMs = initialDelayMs;
  let restarts = 0;
  let stopped = false;
  let stopping: Promise<void> | undefined;

  const scheduleRestart = () => {
    options.log(`${options.name}: restarting in ${delayMs} ms (restart ${restarts + 1})`);
    timer = setTimeout(() => {
      timer = undefined;
      restarts += 1;
      launch();
    }, delayMs);
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  };

  const ended = (startedAt: number, code: number | null, signal: NodeJS.Signals | null | undefined) => {
    child = undefined;
    if (stopped) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${String(code)}`;
    if (code === EXIT_CONFIG) {
      options.log(`${options.name} ${how} (not configured); not restarting it`);
      return;
    }
    options.log(`${options.name} ${how}`);
    if (Date.now() - startedAt >= stableAfterMs) delayMs = initialDelayMs;
    scheduleRestart();
  };

  function launch(): void {
    if (stopped) return;
    let started: SupervisedChild;
    try {
      started = options.start();
    } catch (error) {
      options.log(`${options.name} could not be started: ${error instanceof Error ? error.message : String(error)}`);
      scheduleRestart();
      return;
    }
    child = started;
    const startedAt = Date.now();
    childEnded = new Promise<void>((resolve) => {
      let done = false;
      const finish = (code: number | null, signal?: NodeJS.Signals | null) => {
        if (done) return;
        done = true;
        resolve();
        ended(startedAt, code, signal);
      };
      started.on('exit', finish);
      // A child that could not be spawned at all (ENOENT) reports an error and may never report an exit.
      started.on('error', (error) => {
        options.log(`${options.name}: ${error instanceof Error ? error.message : String(error)}`);
        if (started.pid === undefined) finish(null, null);
      });
    });
    for (const listener of listeners) listener(started.pid);
  }

  launch();
  return {
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        const running = child;
        if (running === undefined) return;
        running.kill('SIGTERM');
        const killer = setTimeout(() => running.kill('SIGKILL'), options.stopTimeoutMs ?? 10_000);
        await childEnded;
        clearTimeout(killer);
      })();
      return stopping;
    },
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    onStart(listener) {
      listeners.push(listener);
    },
  };
}
