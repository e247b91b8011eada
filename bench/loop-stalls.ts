import { existsSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** How long the event loop waited between turns while watched, and how much of the longest waits was its own work. */
export interface LoopStalls {
  /**
   * The longest delay of a timer, wall time: monitorEventLoopDelay's, or this watch's own timer's when longer (the
   * histogram counts from its first tick, so it misses a stall that starts before it).
   */
  maxDelayMs: number;
  p99DelayMs: number;
  /**
   * The most CPU the main thread used inside one delay (its own work holding the loop): on a shared machine a long
   * delay can be mostly the time the thread waited for a core, which the kernel counts apart (schedstat).
   */
  maxHoldMs: number;
  /** The delay the longest hold was measured in. */
  holdDelayMs: number;
}

export interface LoopWatch {
  stop(): LoopStalls;
}

const TICK_MS = 5;

/**
 * Watches the event loop: a delay histogram, and a timer that reads the main thread's on-CPU time
 * (/proc/self/task/<pid>/schedstat, nanoseconds; Linux only, elsewhere the hold is the delay) at every turn.
 */
export function watchEventLoop(): LoopWatch {
  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  histogram.enable();
  const file = `/proc/self/task/${process.pid}/schedstat`;
  const readable = existsSync(file);
  const onCpuMs = () => (readable ? Number(readFileSync(file, 'utf8').split(' ')[0]) / 1e6 : performance.now());
  let lastWall = performance.now();
  let lastCpu = onCpuMs();
  let maxHoldMs = 0;
  let holdDelayMs = 0;
  let maxGapMs = 0;
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = onCpuMs();
    const hold = cpu - lastCpu;
    if (hold > maxHoldMs) [maxHoldMs, holdDelayMs] = [hold, wall - lastWall];
    maxGapMs = Math.max(maxGapMs, wall - lastWall - TICK_MS);
    [lastWall, lastCpu] = [wall, cpu];
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
      return { maxDelayMs: Math.max(histogram.max / 1e6, maxGapMs), p99DelayMs: histogram.percentile(99) / 1e6, maxHoldMs, holdDelayMs };
    },
  };
}
