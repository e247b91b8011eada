import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface TimedProcess {
  child: ChildProcess;
  port: number;
  /** Milliseconds from spawn() to the first 200 answer of the probe URL. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Spawns a server and polls `probePath` every 5 ms until it answers 200 (loopback only, bounded by timeoutMs). */
export async function spawnTimed(args: string[], env: Record<string, string>, probePath: string, timeoutMs = 30_000): Promise<TimedProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not answer ${probePath} within ${timeoutMs} ms: ${stderr}`);
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${probePath}`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    port,
    readyMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident set size of a process, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}
