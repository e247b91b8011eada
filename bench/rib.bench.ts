/**
 * Routing-table gateway benchmark. The RIS test server runs in a child process (its own core) and streams a
 * synthetic table of DUMP_ROUTES IPv4 routes; in this process we measure, in one run:
 *  - dump: a bare gRPC client reading DumpRIB (baseline) vs GET /api/rib/dump through the gateway, routes/s and
 *    peak RSS growth (flat memory = streaming; the JSON produced is far larger than the growth);
 * Prefix lookups on a full-size table are measured by rib-lookup.bench.ts.
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { DumpRIBReply } from '../src/service/features/rib/ris.wire.js';
import type { BenchSection } from './bench-types.js';
import { startRibBenchStack } from './rib-bench-stack.js';

const DUMP_ROUTES = 1_000_000;

/** Peak RSS above the starting point while `work` runs, sampled every 20 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakDeltaMb: number; ms: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakDeltaMb: (peak - start) / 1024 / 1024, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function run(): Promise<BenchSection> {
  const { url, headers, bare, close } = await startRibBenchStack({ syntheticDump: DUMP_ROUTES }, 5000);
  try {
    // Dump, baseline: a bare gRPC client decoding every DumpRIBReply and dropping it.
    const baseline = await withPeakRss(async () => {
      let count = 0;
      const call = bare.dumpRib({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', afisafi: 'IPv4Unicast', filter: null });
      for await (const reply of call as AsyncIterable<DumpRIBReply>) if (reply.route) count += 1;
      return count;
    });

    // Dump through the gateway: a node:http client (far lighter than fetch's web streams, which shared this process's
    // CPU with the gateway) counts the bytes and keeps only the tail.
    const gateway = await withPeakRss(
      () =>
        new Promise<{ count: number; bytes: number }>((resolve, reject) => {
          const req = request(`${url}/api/rib/dump?limit=${DUMP_ROUTES}`, { headers }, (res) => {
            let bytes = 0;
            let tail = Buffer.alloc(0);
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.byteLength;
              tail = Buffer.concat([tail, chunk.subarray(-200)]).subarray(-200);
            });
            res.on('end', () => resolve({ count: Number(/"count":(\d+)/.exec(tail.toString())?.[1] ?? NaN), bytes }));
            res.on('error', reject);
          });
          req.on('error', reject);
          req.end();
        }),
    );
    if (baseline.result !== DUMP_ROUTES || gateway.result.count !== DUMP_ROUTES) {
      throw new Error(`dump counts differ: bare ${baseline.result}, gateway ${gateway.result.count}, expected ${DUMP_ROUTES}`);
    }

    const baseRate = DUMP_ROUTES / (baseline.ms / 1000);
    const gwRate = DUMP_ROUTES / (gateway.ms / 1000);
    const jsonMb = gateway.result.bytes / 1024 / 1024;
    const markdown = [
      `RIS test server in a child process streaming a synthetic table of ${fmt(DUMP_ROUTES)} IPv4 routes (one BGP path each: 3-hop AS path, 2 communities, 1 large community); gateway and clients in this process.`,
      '',
      '| Dump of the full table | Time (s) | Routes/s | Ratio vs baseline | Peak RSS growth (MB) |',
      '|---|---:|---:|---:|---:|',
      `| Baseline: bare gRPC client (decode only) | ${fmt(baseline.ms / 1000, 1)} | ${fmt(baseRate)} | 1.00 | ${fmt(baseline.peakDeltaMb, 1)} |`,
      `| Gateway: GET /api/rib/dump (reply bytes written as JSON text, HTTP, client reads) | ${fmt(gateway.ms / 1000, 1)} | ${fmt(gwRate)} | ${fmt(gwRate / baseRate, 2)} | ${fmt(gateway.peakDeltaMb, 1)} |`,
      '',
      `The gateway streamed ${fmt(jsonMb, 0)} MB of JSON while its RSS grew by at most ${fmt(gateway.peakDeltaMb, 1)} MB: the table is never held in memory. ` +
        '(RSS growth is measured from where each run starts; the baseline runs first, so the gateway run starts on a heap the baseline already grew.) ' +
        "The gateway writes each route straight from the reply's protobuf bytes (rib.dump-decoder.ts), so it skips the decoded messages the baseline builds; " +
        'the HTTP client in this process (node:http) counts the bytes and decodes only the tail.',
    ].join('\n');
    return { title: 'Routing-table gateway (RIB)', markdown };
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await run();
  process.stdout.write(`## ${section.title}\n\n${section.markdown}\n`);
}
