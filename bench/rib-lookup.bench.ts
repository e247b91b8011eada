/**
 * Prefix lookups on a full-size table. The RIS test server (a child process, its own core) holds 1,000,000 IPv4 /24s
 * plus their /16 and /8 aggregates and a default route; GET /api/rib/prefix runs here. Per kind of query, p50 and
 * p99 of sequential lookups, against a direct gRPC LPM call measured in the same run (the baseline: the least any
 * lookup must do). Each kind takes a different path through the gateway's bounded read of the more-specifics.
 */
import { performance } from 'node:perf_hooks';
import { parsePrefix, toWirePrefix } from '../src/service/features/rib/ip.codec.js';
import type { BenchSection } from './bench-types.js';
import { startRibBenchStack } from './rib-bench-stack.js';

const TABLE_ROUTES = 1_000_000;
const TIMEOUT_MS = 1500;

/** /24 number i of the synthetic table, as text. */
const subnet = (i: number) => {
  const n = (1 << 24) + i * 256;
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}`;
};
/** Spread over the whole table, so no kind of query only ever hits the table's start. */
const spread = (k: number, of: number) => Math.floor(((k + 0.5) / of) * TABLE_ROUTES);

interface QueryKind {
  name: string;
  path: string;
  count: number;
  query(k: number): string;
}

const KINDS: QueryKind[] = [
  { name: 'host address inside a /24', path: 'LPM only (nothing lies inside a /32)', count: 300, query: (k) => `${subnet(spread(k, 300))}.77` },
  { name: '/24 in the table', path: 'LPM + GetLonger of the /24', count: 300, query: (k) => `${subnet(spread(k, 300))}.0/24` },
  {
    name: '/20 inside a /16 aggregate (not in the table)',
    path: 'LPM + GetLonger of the /16, filtered (256 routes)',
    count: 100,
    query: (k) => `${subnet(spread(k, 100) & ~15)}.0/20`,
  },
  { name: '/16 aggregate in the table', path: 'LPM + GetLonger of the /16 (257 routes)', count: 100, query: (k) => `${subnet(spread(k, 100) & ~255)}.0/16` },
  {
    name: '/8 aggregate in the table (65,536 more-specifics)',
    path: 'GetLonger refused at the size limit, then a stream read until 1,000 are found',
    count: 15,
    query: (k) => `${(spread(k, 15) >>> 16) + 1}.0.0.0/8`,
  },
  {
    name: '/10 outside the table (only the default route covers it)',
    path: 'stream read of every longer route, cut at the time limit',
    count: 5,
    query: () => '100.64.0.0/10',
  },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function run(): Promise<BenchSection> {
  const loadStarted = performance.now();
  const { url, headers, bare, close } = await startRibBenchStack({ fullTable: TABLE_ROUTES }, TIMEOUT_MS);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  try {
    // The stand-in daemon sorts its table on the first ranged read; that is not the gateway's cost.
    await fetch(`${url}/api/rib/prefix?prefix=1.0.0.0/16`, { headers });

    const baseline: number[] = [];
    for (let k = 0; k < 300; k += 1) {
      const pfx = toWirePrefix(parsePrefix(`${subnet(spread(k, 300))}.0/24`));
      const t0 = performance.now();
      await bare.lpm({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', pfx }, Date.now() + 5000);
      baseline.push(performance.now() - t0);
    }
    baseline.sort((a, b) => a - b);
    const base50 = percentile(baseline, 0.5);

    const rows: string[] = [];
    for (const kind of KINDS) {
      const times: number[] = [];
      let found = 0;
      let truncated = 0;
      let unavailable = 0;
      for (let k = 0; k < kind.count; k += 1) {
        const t0 = performance.now();
        const response = await fetch(`${url}/api/rib/prefix?prefix=${encodeURIComponent(kind.query(k))}`, { headers });
        const body = (await response.json()) as { source: { available: boolean }; more_specifics: unknown[]; more_specifics_truncated: boolean };
        times.push(performance.now() - t0);
        // A daemon still busy with an earlier answer can miss the deadline: counted, as a client would see it.
        if (!body.source.available) unavailable += 1;
        found += body.more_specifics.length;
        if (body.more_specifics_truncated) truncated += 1;
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 0.5);
      rows.push(
        `| ${kind.name} | ${kind.path} | ${kind.count} | ${fmt(p50, 2)} | ${fmt(percentile(times, 0.99), 2)} | ${fmt(p50 / base50, 1)} | ${fmt(found / kind.count)} | ${truncated} | ${unavailable} |`,
      );
    }
    const markdown = [
      `RIS test server in a child process holding ${fmt(TABLE_ROUTES)} IPv4 /24s plus their /16 and /8 aggregates and a default route ` +
        `(loaded in ${fmt(loadSeconds, 0)} s); RIS_TIMEOUT_MS ${TIMEOUT_MS}; sequential lookups over HTTP with a bearer token.`,
      '',
      '| Query | What the gateway reads | Lookups | p50 (ms) | p99 (ms) | p50 ratio vs baseline | More-specifics returned (mean) | Truncated | Unavailable (deadline) |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      `| Baseline: direct gRPC LPM of a /24, no HTTP | - | ${baseline.length} | ${fmt(base50, 2)} | ${fmt(percentile(baseline, 0.99), 2)} | 1.0 | - | - | - |`,
      ...rows,
      '',
      'The daemon has no ranged read: GetLonger answers in one message (the whole table for a short prefix) and DumpRIB filters by length only. ' +
        'A lookup reads GetLonger up to a 2 MiB answer and otherwise a length-filtered DumpRIB stream that it cancels at 1,000 routes inside ' +
        'the query or at RIS_TIMEOUT_MS, whichever comes first; the whole lookup never outlasts RIS_TIMEOUT_MS, and memory stays bounded by ' +
        'the 2 MiB limit and the 1,000-route cap.',
    ].join('\n');
    return { title: 'Routing-table gateway: prefix lookups on a 1M-route table', markdown };
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await run();
  process.stdout.write(`## ${section.title}\n\n${section.markdown}\n`);
}
