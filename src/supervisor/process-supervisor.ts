import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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
  /** Where to keep the child's state (SupervisorState as JSON) for a monitor to read; none when unset. */
  stateFile?: string;
}

/** What a supervisor last did with its child, as the state file holds it. */
export interface SupervisorState {
  name: string;
  state: 'running' | 'restarting' | 'given-up' | 'stopped';
  pid: number | null;
  /** Deaths since the child last ran for stableAfterMs. */
  crashesInARow: number;
  /** How the last child ended, e.g. "exited with code 1". */
  lastExit: string | null;
  at: string;
}

/** Written beside and renamed into place, so a reader never sees half a state; a state that cannot be written is skipped. */
function writeState(file: string, state: SupervisorState): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(state)}\n`);
    renameSync(temporary, file);
  } catch {
    // The monitor then reads the previous state; supervising goes on regardless.
  }
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
  let crashesInARow = 0;
  let lastExit: string | null = null;
  const record = (state: SupervisorState['state']) => {
    if (options.stateFile === undefined) return;
    writeState(options.stateFile, { name: options.name, state, pid: child?.pid ?? null, crashesInARow, lastExit, at: new Date().toISOString() });
  };

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
    lastExit = how;
    if (code === EXIT_CONFIG) {
      options.log(`${options.name} ${how} (not configured); not restarting it`);
      record('given-up');
      return;
    }
    options.log(`${options.name} ${how}`);
    const stable = Date.now() - startedAt >= stableAfterMs;
    if (stable) delayMs = initialDelayMs;
    crashesInARow = stable ? 1 : crashesInARow + 1;
    scheduleRestart();
    record('restarting');
  };

  function launch(): void {
    if (stopped) return;
    let started: SupervisedChild;
    try {
      started = options.start();
    } catch (error) {
      lastExit = `could not be started: ${error instanceof Error ? error.message : String(error)}`;
      options.log(`${options.name} ${lastExit}`);
      crashesInARow += 1;
      scheduleRestart();
      record('restarting');
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
    record('running');
    for (const listener of listeners) listener(started.pid);
  }

  launch();
  return {
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        const running = child;
        if (running !== undefined) {
          running.kill('SIGTERM');
          const killer = setTimeout(() => running.kill('SIGKILL'), options.stopTimeoutMs ?? 10_000);
          await childEnded;
          clearTimeout(killer);
        }
        record('stopped');
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
