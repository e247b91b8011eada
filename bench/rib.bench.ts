/**
 * Routing-table gateway benchmark. The RIS test server runs in a child process (its own core) and streams a
 * synthetic table of DUMP_ROUTES IPv4 routes; in this process we measure, in one run:
 *  - dump: a bare gRPC client reading DumpRIB (baseline) vs GET /api/rib/dump through the gateway, routes/s and
 *    peak RSS growth (flat memory = streaming; the JSON produced is far larger than the growth);
 *  - lookup: direct gRPC LPM calls (baseline) vs GET /api/rib/prefix (LPM + GetLonger + HTTP + auth + JSON).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { findAppRoot } from '../src/service/app-paths.js';
import { parsePrefix, toWirePrefix } from '../src/service/features/rib/ip.codec.js';
import { createRisClient } from '../src/service/features/rib/ris.client.js';
import type { DumpRIBReply } from '../src/service/features/rib/ris.wire.js';
import { createService, loadConfig } from '../src/service/index.js';
import { createLogger } from '../src/service/logger.js';
import type { BenchSection } from './bench-types.js';

const DUMP_ROUTES = 1_000_000;
const LOOKUPS = 1000;
const QUERIES = ['198.51.100.0/24', '198.51.100.7', '203.0.113.0/24', '2001:db8:1:2:3::/80', '192.0.2.0/24'];

async function startDaemon(appRoot: string): Promise<{ address: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(appRoot, 'tests/fixtures/ris-server/ris-server.main.ts'), String(DUMP_ROUTES)], {
    cwd: appRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /RIS_ADDRESS=(\S+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`RIS test server exited with ${code}`)));
  });
  return { address, child };
}

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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function run(): Promise<BenchSection> {
  const appRoot = findAppRoot();
  const { address, child } = await startDaemon(appRoot);
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-bench-rib-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    MCP_HTTP_PORT: '0',
    DASHBOARD_PASSWORD: 'bench-password',
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    RATE_LIMIT_MAX: '10000000',
    RIS_ADDRESS: address,
    RIS_TIMEOUT_MS: '5000',
  });
  const service = await createService(config, { logger: createLogger('silent') });
  const bare = createRisClient({ appRoot, address, keepaliveMs: 10_000, reconnectMaxMs: 1000 });
  try {
    const { url } = await service.start();
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'bench-password' }) });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };

    // Dump, baseline: a bare gRPC client decoding every DumpRIBReply and dropping it.
    const baseline = await withPeakRss(async () => {
      let count = 0;
      const call = bare.dumpRib({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', afisafi: 'IPv4Unicast', filter: null });
      for await (const reply of call as AsyncIterable<DumpRIBReply>) if (reply.route) count += 1;
      return count;
    });

    // Dump through the gateway: HTTP client reads the streamed JSON chunk by chunk and keeps only the tail.
    const gateway = await withPeakRss(async () => {
      const response = await fetch(`${url}/api/rib/dump?limit=${DUMP_ROUTES}`, { headers });
      const reader = response.body?.getReader();
      let bytes = 0;
      let tail = '';
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        bytes += chunk.value.byteLength;
        tail = (tail + Buffer.from(chunk.value).toString()).slice(-200);
      }
      const count = Number(/"count":(\d+)/.exec(tail)?.[1] ?? NaN);
      return { count, bytes };
    });
    if (baseline.result !== DUMP_ROUTES || gateway.result.count !== DUMP_ROUTES) {
      throw new Error(`dump counts differ: bare ${baseline.result}, gateway ${gateway.result.count}, expected ${DUMP_ROUTES}`);
    }

    // Lookups: sequential, so latency is per request. Baseline: one direct LPM call each.
    const prefixes = QUERIES.map((q) => toWirePrefix(parsePrefix(q)));
    const direct: number[] = [];
    for (let i = 0; i < LOOKUPS; i += 1) {
      const t0 = performance.now();
      await bare.lpm({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', pfx: prefixes[i % prefixes.length] ?? prefixes[0]! }, Date.now() + 5000);
      direct.push(performance.now() - t0);
    }
    const viaHttp: number[] = [];
    for (let i = 0; i < LOOKUPS; i += 1) {
      const t0 = performance.now();
      const response = await fetch(`${url}/api/rib/prefix?prefix=${encodeURIComponent(QUERIES[i % QUERIES.length] ?? '')}`, { headers });
      const body = (await response.json()) as { source: { available: boolean } };
      if (!body.source.available) throw new Error('lookup fell back during the benchmark');
      viaHttp.push(performance.now() - t0);
    }
    direct.sort((a, b) => a - b);
    viaHttp.sort((a, b) => a - b);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

    const baseRate = DUMP_ROUTES / (baseline.ms / 1000);
    const gwRate = DUMP_ROUTES / (gateway.ms / 1000);
    const jsonMb = gateway.result.bytes / 1024 / 1024;
    const directRate = LOOKUPS / (sum(direct) / 1000);
    const httpRate = LOOKUPS / (sum(viaHttp) / 1000);
    const markdown = [
      `RIS test server in a child process streaming a synthetic table of ${fmt(DUMP_ROUTES)} IPv4 routes (one BGP path each: 3-hop AS path, 2 communities, 1 large community); gateway and clients in this process.`,
      '',
      '| Dump of the full table | Time (s) | Routes/s | Ratio vs baseline | Peak RSS growth (MB) |',
      '|---|---:|---:|---:|---:|',
      `| Baseline: bare gRPC client (decode only) | ${fmt(baseline.ms / 1000, 1)} | ${fmt(baseRate)} | 1.00 | ${fmt(baseline.peakDeltaMb, 1)} |`,
      `| Gateway: GET /api/rib/dump (decode, render, JSON over HTTP, client reads) | ${fmt(gateway.ms / 1000, 1)} | ${fmt(gwRate)} | ${fmt(gwRate / baseRate, 2)} | ${fmt(gateway.peakDeltaMb, 1)} |`,
      '',
      `The gateway streamed ${fmt(jsonMb, 0)} MB of JSON while its RSS grew by at most ${fmt(gateway.peakDeltaMb, 1)} MB: the table is never held in memory. ` +
        '(RSS growth is measured from where each run starts; the baseline runs first, so the gateway run starts on a heap the baseline already grew.)',
      '',
      `| Prefix lookup (${fmt(LOOKUPS)} sequential) | p50 (ms) | p99 (ms) | Lookups/s | Ratio vs baseline |`,
      '|---|---:|---:|---:|---:|',
      `| Baseline: direct gRPC LPM | ${fmt(percentile(direct, 0.5), 3)} | ${fmt(percentile(direct, 0.99), 3)} | ${fmt(directRate)} | 1.00 |`,
      `| GET /api/rib/prefix (LPM + GetLonger, auth, JSON) | ${fmt(percentile(viaHttp, 0.5), 3)} | ${fmt(percentile(viaHttp, 0.99), 3)} | ${fmt(httpRate)} | ${fmt(httpRate / directRate, 2)} |`,
    ].join('\n');
    return { title: 'Routing-table gateway (RIB)', markdown };
  } finally {
    bare.close();
    await service.stop();
    child.stdin?.end();
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await run();
  process.stdout.write(`## ${section.title}\n\n${section.markdown}\n`);
}
