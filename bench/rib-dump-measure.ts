/**
 * One dump of a synthetic table, measured in a process of its own (rib.bench.ts starts one per table size and
 * reader), so every run's peak RSS growth starts from the same fresh heap and sizes can be compared.
 * Run as `node --expose-gc --import tsx bench/rib-dump-measure.ts <routes> <bare|gateway>`; prints one JSON line.
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { DumpRIBReply } from '../src/service/features/rib/ris.wire.js';
import { startRibBenchStack } from './rib-bench-stack.js';

export interface DumpMeasurement {
  routes: number;
  reader: 'bare' | 'gateway';
  count: number;
  bytes: number;
  ms: number;
  /** From sending the request to the first byte of the body (the gateway) or the first reply (the bare client). */
  firstByteMs: number;
  startRssMb: number;
  peakDeltaMb: number;
  /** Peak of the JavaScript heap (live objects and garbage not yet collected) and of Buffers outside it, above the start. */
  peakHeapDeltaMb: number;
  peakExternalDeltaMb: number;
  /** Live heap after a full GC at the end minus the same at the start: what the dump left behind. */
  retainedHeapMb: number;
}

/** The live heap after a full collection (the child runs with --expose-gc). */
function liveHeapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** Peak RSS above the starting point while `work` runs, sampled every 20 ms. */
async function withPeakRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; startRssMb: number; peakDeltaMb: number; peakHeapDeltaMb: number; peakExternalDeltaMb: number; ms: number; heapBeforeMb: number }> {
  const heapBeforeMb = liveHeapMb();
  const first = process.memoryUsage();
  const start = first.rss;
  let peak = start;
  let peakHeap = first.heapUsed;
  let peakExternal = first.external;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakExternal = Math.max(peakExternal, now.external);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      result,
      heapBeforeMb,
      peakHeapDeltaMb: (peakHeap - first.heapUsed) / 2 ** 20,
      peakExternalDeltaMb: (peakExternal - first.external) / 2 ** 20,
      startRssMb: start / 2 ** 20,
      peakDeltaMb: (peak - start) / 2 ** 20,
      ms: performance.now() - started,
    };
  } finally {
    clearInterval(timer);
  }
}

export async function measureDump(routes: number, reader: 'bare' | 'gateway'): Promise<DumpMeasurement> {
  const { url, headers, bare, close } = await startRibBenchStack({ syntheticDump: routes }, 5000);
  try {
    // A running service is already connected to the daemon: the first byte is measured on an open channel.
    if (reader === 'bare') await bare.getRouters(Date.now() + 5000);
    else await fetch(`${url}/api/rib/routers`, { headers });
    const run =
      reader === 'bare'
        ? // A bare gRPC client decoding every DumpRIBReply and dropping it.
          withPeakRss(async () => {
            let count = 0;
            let firstByteMs = 0;
            const t0 = performance.now();
            const call = bare.dumpRib({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', afisafi: 'IPv4Unicast', filter: null });
            for await (const reply of call as AsyncIterable<DumpRIBReply>) {
              if (count === 0) firstByteMs = performance.now() - t0;
              if (reply.route) count += 1;
            }
            return { count, bytes: 0, firstByteMs };
          })
        : // node:http (far lighter than fetch's web streams, which would share this process's CPU with the gateway)
          // counts the bytes and keeps only the tail.
          withPeakRss(
            () =>
              new Promise<{ count: number; bytes: number; firstByteMs: number }>((resolve, reject) => {
                const t0 = performance.now();
                let firstByteMs = 0;
                const req = request(`${url}/api/rib/dump?limit=${routes}`, { headers }, (res) => {
                  let bytes = 0;
                  let tail = Buffer.alloc(0);
                  res.on('data', (chunk: Buffer) => {
                    if (bytes === 0) firstByteMs = performance.now() - t0;
                    bytes += chunk.byteLength;
                    tail = Buffer.concat([tail, chunk.subarray(-200)]).subarray(-200);
                  });
                  res.on('end', () => resolve({ count: Number(/"count":(\d+)/.exec(tail.toString())?.[1] ?? NaN), bytes, firstByteMs }));
                  res.on('error', reject);
                });
                req.on('error', reject);
                req.end();
              }),
          );
    const { result, heapBeforeMb, ...measured } = await run;
    return {
      routes,
      reader,
      count: result.count,
      bytes: result.bytes,
      firstByteMs: result.firstByteMs,
      ...measured,
      retainedHeapMb: liveHeapMb() - heapBeforeMb,
    };
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const routes = Number(process.argv[2]);
  const reader = process.argv[3];
  if (!Number.isInteger(routes) || routes <= 0 || (reader !== 'bare' && reader !== 'gateway')) {
    process.stderr.write('usage: tsx bench/rib-dump-measure.ts <routes> <bare|gateway>\n');
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(await measureDump(routes, reader))}\n`);
}
