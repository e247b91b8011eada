import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import type { ServiceProcess } from '../../src/main/utility-service-host.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVICE_ENTRY = resolve(ROOT, 'src', 'main', 'service-entry.ts');
const PARENT_PORT = resolve(import.meta.dirname, 'parent-port-stand-in.ts');

export interface StandInProcess extends ServiceProcess {
  /** Every message the entry posted, in order. */
  received: unknown[];
  /** The exit code (a signal counts as 1), once the process and its channels are closed. */
  closed: Promise<number>;
}

/**
 * utilityProcess.fork as far as this machine can have it: the real entry in a Node child (via tsx), whose
 * process.parentPort is the IPC channel. Same messages, same exit codes.
 */
export function forkServiceStandIn(entry = SERVICE_ENTRY): StandInProcess {
  const child = fork(entry, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--import', PARENT_PORT],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const received: unknown[] = [];
  child.on('message', (message) => received.push(message));
  // 'close' rather than 'exit': it comes after every message of the channel has been delivered.
  const closed = new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
  function on(event: 'message', listener: (message: unknown) => void): StandInProcess;
  function on(event: 'exit', listener: (code: number) => void): StandInProcess;
  function on(event: 'message' | 'exit', listener: (value: never) => void): StandInProcess {
    if (event === 'message') child.on('message', listener as (message: unknown) => void);
    else void closed.then(listener as (code: number) => void);
    return standIn;
  }
  const standIn: StandInProcess = {
    received,
    closed,
    stderr: child.stderr,
    postMessage: (message) => void child.send(message),
    on,
    kill: () => child.kill('SIGKILL'),
  };
  return standIn;
}
