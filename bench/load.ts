import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<number, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * A closed-loop load generator over keep-alive connections: `concurrency` callers each send the next request as
 * soon as the previous answer arrives, for `seconds` (bounded, loopback only).
 */
export async function load(
  url: string,
  options: { seconds: number; concurrency: number; headers?: Record<string, string>; vary?: (n: number) => string },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const deadline = performance.now() + options.seconds * 1000;
  let sent = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      // `vary` gives each request its own URL (the nth request's), e.g. to defeat a cache.
      const target = options.vary ? options.vary(sent++) : url;
      const req = request(target, { agent, headers: options.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    statuses,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const fmt = (value: number, digits = 1) => value.toFixed(digits);
