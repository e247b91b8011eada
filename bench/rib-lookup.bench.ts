/**
 * Prefix lookups on a full-size table. The RIS test server (a child process, its own core) holds 1,000,000 IPv4 /24s
 * plus their /16 and /8 aggregates and a default route, and 200,000 IPv6 /48s plus their /32 aggregates; the service
 * runs here. The gateway first learns both tables through ObserveRIB (time and memory measured), then per kind of
 * prefix, p50 and p99 of sequential GET /api/rib/prefix, against a direct gRPC LPM call measured in the same run (the
 * least a lookup that asks the daemon must do). Sampled answers are compared with the daemon's own: covering routes
 * with its LPM, more-specific counts with a DumpRIB pass over the whole table.
 */
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { formatPrefix, fromWireIp, type IpPrefix, networkOf, parsePrefix, toWirePrefix } from '../src/service/features/rib/ip.codec.js';
import { renderRoute } from '../src/service/features/rib/rib.render.js';
import type { DumpRIBReply } from '../src/service/features/rib/ris.wire.js';
import type { PrefixResponse, RoutersResponse } from '../src/shared/api/rib/rib.schemas.js';
import type { BenchSection } from './bench-types.js';
import { type RibBenchStack, startRibBenchStack } from './rib-bench-stack.js';

const TABLE4 = 1_000_000;
const TABLE6 = 200_000;
const LOOKUPS = 1000;
const SAMPLES = 3;

/** /24 number i of the IPv4 table, as text without the last octet. */
const subnet = (i: number) => {
  const n = (1 << 24) + i * 256;
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}`;
};
/** /48 number i of the IPv6 table, without the trailing "::". */
const subnet6 = (i: number) => `2a00:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}`;
/** Spread over the whole table, so no kind of query only ever hits the table's start. */
const spread = (k: number, total: number) => Math.floor(((k + 0.5) / LOOKUPS) * total);

interface QueryKind {
  name: string;
  query(k: number): string;
}

const KINDS: QueryKind[] = [
  { name: 'IPv4 host address inside a /24', query: (k) => `${subnet(spread(k, TABLE4))}.77` },
  { name: 'IPv4 /24 in the table (exact)', query: (k) => `${subnet(spread(k, TABLE4))}.0/24` },
  { name: 'IPv4 /20 not in the table, inside a /16 aggregate', query: (k) => `${subnet(spread(k, TABLE4) & ~15)}.0/20` },
  { name: 'IPv4 /8 aggregate (65,792 routes inside)', query: (k) => `${1 + (k % 15)}.0.0.0/8` },
  { name: 'IPv4 /6 not in the table (263,172 routes inside)', query: (k) => `${4 * (1 + (k % 3))}.0.0.0/6` },
  { name: 'IPv4 0.0.0.0/0 (the whole table inside)', query: () => '0.0.0.0/0' },
  { name: 'IPv4 /10 covered only by the default route, nothing inside', query: (k) => `${20 + (k % 200)}.0.0.0/10` },
  { name: 'IPv6 host address inside a /48', query: (k) => `${subnet6(spread(k, TABLE6))}::77` },
  { name: 'IPv6 /48 in the table (exact)', query: (k) => `${subnet6(spread(k, TABLE6))}::/48` },
  { name: 'IPv6 /40 not in the table, inside a /32 aggregate', query: (k) => `${subnet6(spread(k, TABLE6) & ~0xff)}::/40` },
  { name: 'IPv6 /32 aggregate (65,536 routes inside)', query: (k) => `2a00:${k % 3}::/32` },
  { name: 'IPv6 2a00::/16, nothing covers it (200,004 routes inside)', query: () => '2a00::/16' },
  { name: 'IPv6 /32 nothing covers, nothing inside', query: (k) => `2c00:${k.toString(16)}::/32` },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * What is live after a full collection (the benchmark runs without --expose-gc): the JavaScript heap and the Buffers
 * outside it, where the gateway keeps its tables.
 */
function liveMemoryMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / 2 ** 20;
}

async function lookup(stack: RibBenchStack, prefix: string): Promise<PrefixResponse> {
  const response = await fetch(`${stack.url}/api/rib/prefix?prefix=${encodeURIComponent(prefix)}`, { headers: stack.headers });
  return (await response.json()) as PrefixResponse;
}

/** Waits until the gateway holds both tables; the learning's duration. */
async function learn(stack: RibBenchStack): Promise<{ seconds: number; routes: number }> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${stack.url}/api/rib/routers`, { headers: stack.headers });
    const table = ((await response.json()) as RoutersResponse).source.table;
    if (table?.ready) return { seconds: (performance.now() - started) / 1000, routes: table.routes };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The routes inside each sampled prefix, counted from one DumpRIB pass over the family's whole table (the daemon's answer). */
async function daemonCounts(stack: RibBenchStack, family: 'IPv4Unicast' | 'IPv6Unicast', prefixes: IpPrefix[]): Promise<number[]> {
  const counts = prefixes.map(() => 0);
  const call = stack.bare.dumpRib({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', afisafi: family, filter: null });
  for await (const reply of call as AsyncIterable<DumpRIBReply>) {
    if (!reply.route?.pfx) continue;
    const address = fromWireIp(reply.route.pfx.address);
    prefixes.forEach((p, i) => {
      if (reply.route?.pfx && reply.route.pfx.length > p.length && networkOf(address, p.length) === p.address.value) counts[i] = (counts[i] ?? 0) + 1;
    });
  }
  return counts;
}

/** Sampled lookups against the daemon: covering routes as its LPM gives them, counts as its dump gives them. */
async function checkAgainstDaemon(stack: RibBenchStack): Promise<{ checked: number; agreed: number }> {
  const samples = KINDS.flatMap((kind) => Array.from({ length: SAMPLES }, (_, k) => parsePrefix(kind.query(k * 37))));
  let agreed = 0;
  const answers = await Promise.all(samples.map((p) => lookup(stack, formatPrefix(p))));
  const counts = new Map<IpPrefix, number>();
  for (const [family, version] of [
    ['IPv4Unicast', 4],
    ['IPv6Unicast', 6],
  ] as const) {
    const ofFamily = samples.filter((p) => p.address.version === version);
    (await daemonCounts(stack, family, ofFamily)).forEach((count, i) => counts.set(ofFamily[i] as IpPrefix, count));
  }
  for (const [i, prefix] of samples.entries()) {
    const answer = answers[i] as PrefixResponse;
    const lpm = await stack.bare.lpm({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', pfx: toWirePrefix(prefix) }, Date.now() + 10_000);
    const expected = JSON.stringify(lpm.map(renderRoute));
    const got = JSON.stringify([...answer.less_specifics, ...(answer.match ? [answer.match] : [])]);
    if (expected === got && answer.more_specifics_count === counts.get(prefix)) agreed += 1;
  }
  return { checked: samples.length, agreed };
}

export async function run(): Promise<BenchSection> {
  const heapBefore = liveMemoryMb();
  const rssBefore = process.memoryUsage().rss / 2 ** 20;
  const stack = await startRibBenchStack({ fullTable: TABLE4, fullTable6: TABLE6 }, 1500);
  try {
    const learned = await learn(stack);
    const heapAfter = liveMemoryMb();
    const rssAfter = process.memoryUsage().rss / 2 ** 20;

    const baseline: number[] = [];
    for (let k = 0; k < LOOKUPS; k += 1) {
      const pfx = toWirePrefix(parsePrefix(`${subnet(spread(k, TABLE4))}.0/24`));
      const t0 = performance.now();
      await stack.bare.lpm({ router: '192.0.2.10', vrf_id: '0', vrf: '0:0', pfx }, Date.now() + 5000);
      baseline.push(performance.now() - t0);
    }
    baseline.sort((a, b) => a - b);
    const base50 = percentile(baseline, 0.5);

    // Collector pauses while the lookups run: what a lookup's p99 can meet besides the machine's other load.
    const pauses: number[] = [];
    const gcObserver = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((entry) => entry.duration)));
    gcObserver.observe({ entryTypes: ['gc'] });
    const rows: string[] = [];
    let worst50 = 0;
    let worst99 = 0;
    for (const kind of KINDS) {
      const times: number[] = [];
      let count = 0;
      let listed = 0;
      let truncated = 0;
      let partial = 0;
      for (let k = 0; k < LOOKUPS; k += 1) {
        const t0 = performance.now();
        const body = await lookup(stack, kind.query(k));
        times.push(performance.now() - t0);
        if (!body.source.available || body.more_specifics_count === null) partial += 1;
        count += body.more_specifics_count ?? 0;
        listed += body.more_specifics.length;
        if (body.more_specifics_truncated) truncated += 1;
      }
      times.sort((a, b) => a - b);
      const [p50, p99] = [percentile(times, 0.5), percentile(times, 0.99)];
      worst50 = Math.max(worst50, p50);
      worst99 = Math.max(worst99, p99);
      rows.push(
        `| ${kind.name} | ${LOOKUPS} | ${fmt(p50, 2)} | ${fmt(p99, 2)} | ${fmt(p50 / base50, 1)} | ${fmt(count / LOOKUPS)} | ${fmt(listed / LOOKUPS)} | ${truncated} | ${partial} |`,
      );
    }
    gcObserver.disconnect();
    pauses.sort((a, b) => a - b);
    const check = await checkAgainstDaemon(stack);
    const heldMb = heapAfter - heapBefore;
    const markdown = [
      `RIS test server in a child process holding ${fmt(TABLE4)} IPv4 /24s plus their /16 and /8 aggregates and a default route, and ` +
        `${fmt(TABLE6)} IPv6 /48s plus their /32 aggregates (${fmt(learned.routes)} routes in all). The gateway learned both tables through ` +
        `ObserveRIB in ${fmt(learned.seconds, 1)} s (${fmt(learned.routes / learned.seconds)} routes/s), and holds them in ` +
        `${fmt(heldMb, 0)} MB (live JavaScript heap and Buffers after a full collection: ${fmt((heldMb * 2 ** 20) / learned.routes, 0)} bytes a route; RSS ${fmt(rssBefore, 0)} -> ${fmt(rssAfter, 0)} MB). ` +
        'At most 4 tables (router, VRF and family) are kept at once, so the memory the gateway holds is bounded by four tables. ' +
        `Sequential lookups over HTTP with a bearer token, default limit of 100 listed more-specifics; the machine's load average was ` +
        `${fmt(loadavg()[0] ?? 0, 1)} at the end (other work shares its 2 cores, so the p99 column moves with it).`,
      '',
      '| Query | Lookups | p50 (ms) | p99 (ms) | p50 ratio vs baseline | More-specifics counted (mean) | Listed (mean) | Truncated | Partial or unavailable |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| Baseline: direct gRPC LPM of a /24, no HTTP | ${baseline.length} | ${fmt(base50, 2)} | ${fmt(percentile(baseline, 0.99), 2)} | 1.0 | - | - | - | - |`,
      ...rows,
      '',
      `Worst p50 ${fmt(worst50, 2)} ms and worst p99 ${fmt(worst99, 2)} ms over every kind; ${pauses.length} collector pauses during the lookups, ` +
        `p99 ${fmt(percentile(pauses, 0.99), 1)} ms, longest ${fmt(pauses.at(-1) ?? 0, 1)} ms. Answers compared with the daemon's own for ` +
        `${check.checked} sampled prefixes (covering routes with its LPM, the count with a DumpRIB pass over the whole table): ${check.agreed} agree. ` +
        'Once the table is learned a lookup asks the daemon nothing; the daemon sends each table once per subscription (ObserveRIB), never per request.',
    ].join('\n');
    return { title: 'Routing-table gateway: prefix lookups on a 1M-route table', markdown };
  } finally {
    await stack.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await run();
  process.stdout.write(`## ${section.title}\n\n${section.markdown}\n`);
}
