import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { load, type LoadResult } from './load.js';

import { freeLoopbackPort } from '../tests/helpers/loopback-port.js';

export interface TimedProcess {
  child: ChildProcess;
  port: number;
  /** Milliseconds from spawn() to the first 200 answer of the probe URL. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Spawns a server and polls `probePath` every 5 ms until it answers 200 (loopback only, bounded by timeoutMs). */
export async function spawnTimed(args: string[], env: Record<string, string>, probePath: string, timeoutMs = 30_000): Promise<TimedProcess> {
  const port = await freeLoopbackPort();
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

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime and stime
  // are the 12th and 13th of them, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A load run with the CPU time the server process spent on it per answered request: its own cost per request. */
export interface ServerLoadResult extends LoadResult {
  serverCpuMs: number;
}

/**
 * `load` against the server process `pid`, with the server's CPU time per answered request (from /proc, in clock ticks
 * of 10 ms, so a run of a second or more): unlike req/s, it hardly moves with what else the machine runs meanwhile.
 */
export async function loadServer(url: string, options: Parameters<typeof load>[1], pid: number): Promise<ServerLoadResult> {
  const before = cpuSeconds(pid);
  const result = await load(url, options);
  return { ...result, serverCpuMs: ((cpuSeconds(pid) - before) * 1000) / Math.max(1, result.requests) };
}

/**
 * Waits until a process has used less than `share` of one core over each of two consecutive seconds: a server that is
 * still finishing start-up work in the background (indexing, say) would otherwise be measured together with it.
 */
export async function untilQuiet(pid: number, share = 0.05, timeoutMs = 1_200_000): Promise<number> {
  const started = performance.now();
  let last = cpuSeconds(pid);
  let quiet = 0;
  while (quiet < 2) {
    if (performance.now() - started > timeoutMs) throw new Error(`process ${pid} was still busy after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    quiet = now - last < share ? quiet + 1 : 0;
    last = now;
  }
  return performance.now() - started;
}

/** Resident set size of a process, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

export interface LoadPhases {
  warmup: { seconds: number; concurrency: number };
  latency: { seconds: number; concurrency: number };
  throughput: { seconds: number; concurrency: number };
}

/**
 * The baseline of a benchmark over loopback: the bare Fastify route in its own process, warmed up, then its
 * latency (one request at a time) and its throughput, measured as the routes under test will be.
 */
export async function measureBareRoute(phases: LoadPhases): Promise<{ latency: LoadResult; throughput: LoadResult }> {
  const bare = await spawnTimed(['bench/fixtures/bare-server.mjs'], {}, '/bare');
  const url = `http://127.0.0.1:${bare.port}/bare`;
  try {
    await load(url, phases.warmup);
    return { latency: await load(url, phases.latency), throughput: await load(url, phases.throughput) };
  } finally {
    await bare.stop();
  }
}
