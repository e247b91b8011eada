import { rmSync } from 'node:fs';
import { benchServiceEnv, benchSignIn } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fmt, load, type LoadResult } from './load.js';
import { measureBareRoute, spawnTimed } from './processes.js';

const LATENCY = { seconds: 1, concurrency: 1 };
const THROUGHPUT = { seconds: 1, concurrency: 8 };
const WARMUP = { seconds: 0.3, concurrency: 2 };

/** What salespeople type: an ordering id, an ambiguous part, a series, the largest port layouts, an unknown model, the datasheet. */
const CASES: Array<{ label: string; path: string; status: number }> = [
  { label: 'ordering id, exact (2 port groups)', path: '/api/finder?switch=N9K-C93180YC-FX', status: 200 },
  { label: 'ambiguous part (best + alternative)', path: '/api/finder?switch=93180YC', status: 200 },
  { label: 'series (7280R3)', path: '/api/finder?switch=7280R3', status: 200 },
  { label: 'QSFP-DD 400G switch (3 speeds, breakouts)', path: '/api/finder?switch=9316D-GX', status: 200 },
  { label: 'OSFP 800G switch (SN5600)', path: '/api/finder?switch=SN5600', status: 200 },
  { label: 'unknown model: 404 with the closest five', path: '/api/finder?switch=Nexus%2093180ZZ', status: 404 },
  { label: 'switch datasheet by slug', path: '/api/datasheets/switch/cisco-nexus-93180yc-fx', status: 200 },
];

interface CaseResult {
  label: string;
  path: string;
  options: number;
  latency: LoadResult;
  throughput: LoadResult;
}

function countOptions(body: unknown): number {
  const groups = (body as { port_groups?: Array<{ by_speed: Array<{ options: unknown[] }> }> }).port_groups ?? [];
  return groups.reduce((n, g) => n + g.by_speed.reduce((m, s) => m + s.options.length, 0), 0);
}

/** GET /api/finder and the switch datasheet over the seeded demo catalogue, against a bare Fastify route in the same run. */
export async function run(): Promise<BenchSection> {
  const { latency: bareLatency, throughput: bareThroughput } = await measureBareRoute({ warmup: WARMUP, latency: LATENCY, throughput: THROUGHPUT });

  const { dataDir, env } = benchServiceEnv('finder', { SEED_ON_START: 'true' });
  const results: CaseResult[] = [];
  try {
    // The first start migrates and seeds the demo catalogue (58 switches, 1,168 transceivers, 14,000 price observations).
    const server = await spawnTimed(['out/server/server.js'], env, '/api/health', 300_000);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const headers = await benchSignIn(base);
      for (const c of CASES) {
        const url = `${base}${c.path}`;
        const probe = await fetch(url, { headers });
        if (probe.status !== c.status) throw new Error(`${url} answered ${probe.status}, expected ${c.status}: ${await probe.text()}`);
        const options = countOptions(await probe.json());
        await load(url, { ...WARMUP, headers });
        const latency = await load(url, { ...LATENCY, headers });
        const throughput = await load(url, { ...THROUGHPUT, headers });
        const wrong = Object.keys(throughput.statuses).filter((s) => Number(s) !== c.status);
        if (wrong.length > 0) throw new Error(`${url} answered ${JSON.stringify(throughput.statuses)} under load`);
        results.push({ label: c.label, path: c.path, options, latency, throughput });
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const lines = [
    'Each request goes over loopback to `node out/server/server.js` on the seeded demo catalogue (auth, validation, switch',
    'matching, the compatibility rules, SQLite, serialisation): median latency from one-at-a-time requests for',
    `${LATENCY.seconds} s, throughput from ${THROUGHPUT.concurrency} keep-alive connections for ${THROUGHPUT.seconds} s. Baseline: a bare Fastify`,
    'route in its own process, measured the same way in the same run.',
    '',
    `| request | options listed | median ms | x bare | p99 ms | req/s (${THROUGHPUT.concurrency} conns) | share of bare req/s |`,
    '|---|---|---|---|---|---|---|',
    `| bare Fastify GET /bare | - | ${fmt(bareLatency.p50Ms, 2)} | 1.00 | ${fmt(bareLatency.p99Ms, 2)} | ${fmt(bareThroughput.perSecond, 0)} | 1.00 |`,
    ...results.map(
      (r) =>
        `| ${r.label}: \`${r.path}\` | ${r.options} | ${fmt(r.latency.p50Ms, 2)} | ${fmt(r.latency.p50Ms / bareLatency.p50Ms, 1)} | ${fmt(r.latency.p99Ms, 2)} | ` +
        `${fmt(r.throughput.perSecond, 0)} | ${fmt(r.throughput.perSecond / bareThroughput.perSecond, 2)} |`,
    ),
    '',
    '- Per request the finder reads every switch (58) to match the text, the port groups of the one matched, the operator',
    '  products of the cages and speeds it can take (form factor and speed index), the far-end products of the breakouts and',
    '  the latest price per product and currency (a correlated max over the (transceiver_id, observed_at) index).',
  ];
  return { title: 'Finder: GET /api/finder and GET /api/datasheets/switch/:id', markdown: lines.join('\n') };
}
