/**
 * Routing-table gateway benchmark. The RIS test server runs in a child process (its own core) and streams a
 * synthetic table of IPv4 routes. For each table size in DUMP_SIZES, in one run:
 *  - a bare gRPC client reading DumpRIB (baseline) vs GET /api/rib/dump through the gateway: routes/s and peak RSS
 *    growth. Each dump runs in a fresh process of its own (rib-dump-measure.ts), so the growth of every run starts
 *    from the same heap and the two sizes can be compared: flat growth across sizes means streaming, growth that
 *    follows the table means something holds it.
 * Prefix lookups on a full-size table are measured by rib-lookup.bench.ts.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import type { BenchSection } from './bench-types.js';
import type { DumpMeasurement } from './rib-dump-measure.js';

const DUMP_SIZES = [250_000, 1_000_000];
const FLAT_SLACK_MB = 8;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function measureInChild(routes: number, reader: 'bare' | 'gateway'): Promise<DumpMeasurement> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/rib-dump-measure.ts', String(routes), reader], {
    cwd: process.cwd(),
    maxBuffer: 1024 * 1024,
  });
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as DumpMeasurement;
  if (result.count !== routes) throw new Error(`${reader} dump of ${routes} routes counted ${result.count}`);
  return result;
}

export async function run(): Promise<BenchSection> {
  const startLoad = loadavg()[0] ?? 0;
  const rows: Array<{ bare: DumpMeasurement; gateway: DumpMeasurement }> = [];
  for (const routes of DUMP_SIZES) {
    const bare = await measureInChild(routes, 'bare');
    const gateway = await measureInChild(routes, 'gateway');
    rows.push({ bare, gateway });
  }
  const rate = (m: DumpMeasurement) => m.routes / (m.ms / 1000);
  const [small, large] = [rows[0], rows[rows.length - 1]] as [(typeof rows)[number], (typeof rows)[number]];
  const growthRatio = large.gateway.peakDeltaMb / Math.max(small.gateway.peakDeltaMb, 0.1);
  const tableRatio = large.gateway.routes / small.gateway.routes;
  const retained = (m: DumpMeasurement) => `${fmt(m.retainedHeapMb, 1)} MB`;
  const bareGrowth = large.bare.peakDeltaMb / Math.max(small.bare.peakDeltaMb, 0.1);
  // Flat: the larger table's peak growth within about 1.25 times the smaller one's, as the bare client's is, or within
  // a few MB of it (growths of a few MB differ by more than a quarter from run to run).
  const flat = growthRatio <= 1.25 || large.gateway.peakDeltaMb - small.gateway.peakDeltaMb <= FLAT_SLACK_MB;
  const verdict =
    `${fmt(tableRatio, 0)} times the routes (${fmt(large.gateway.bytes / small.gateway.bytes, 1)} times the JSON) grew the gateway's peak RSS ${fmt(growthRatio, 2)} times as much ` +
    `(${small.gateway.peakDeltaMb.toFixed(1)} -> ${large.gateway.peakDeltaMb.toFixed(1)} MB: ${flat ? 'flat' : 'not flat'}; the bare client's ${fmt(bareGrowth, 2)} times, ` +
    `${small.bare.peakDeltaMb.toFixed(1)} -> ${large.bare.peakDeltaMb.toFixed(1)} MB); the live heap left after a full GC was ${retained(small.gateway)} and ${retained(large.gateway)}` +
    (flat
      ? ', so a dump holds its read-ahead and socket buffers, not its length'
      : Math.max(small.gateway.retainedHeapMb, large.gateway.retainedHeapMb) < 16
        ? ', so nothing of the table stays behind: the peak is JavaScript garbage the collector had not yet reclaimed (the JS heap column), and it grows with the length of the dump, as V8 lets the old generation grow before a full collection'
        : ', so something the dump reads stays in memory');
  const markdown = [
    `RIS test server in a child process streaming a synthetic table of ${DUMP_SIZES.map((n) => fmt(n)).join(' and ')} IPv4 routes (one BGP path each: 3-hop AS path, 2 communities, 1 large community). ` +
      'Every dump runs in a fresh process of its own (bench/rib-dump-measure.ts: the gateway, or the bare client, plus the HTTP client reading it), so each RSS growth is measured from the same starting heap. ' +
      `The machine's load average was ${fmt(startLoad, 1)} at the start and ${fmt(loadavg()[0] ?? 0, 1)} at the end (other work shares its 2 cores).`,
    '',
    '| Routes | Dump of the full table | Time (s) | Routes/s | Ratio vs baseline | First byte (ms) | JSON (MB) | RSS at start (MB) | Peak RSS growth (MB) | Peak JS heap growth (MB) | Peak Buffer growth (MB) | Live heap left after GC (MB) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.flatMap(({ bare, gateway }) => [
      `| ${fmt(bare.routes)} | Baseline: bare gRPC client (decode only) | ${fmt(bare.ms / 1000, 1)} | ${fmt(rate(bare))} | 1.00 | ${fmt(bare.firstByteMs, 0)} | - | ${fmt(bare.startRssMb, 0)} | ${fmt(bare.peakDeltaMb, 1)} | ${fmt(bare.peakHeapDeltaMb, 1)} | ${fmt(bare.peakExternalDeltaMb, 1)} | ${fmt(bare.retainedHeapMb, 1)} |`,
      `| ${fmt(gateway.routes)} | Gateway: GET /api/rib/dump (JSON.stringify(renderRoute(route)), HTTP, client reads) | ${fmt(gateway.ms / 1000, 1)} | ${fmt(rate(gateway))} | ${fmt(rate(gateway) / rate(bare), 2)} | ${fmt(gateway.firstByteMs, 0)} | ${fmt(gateway.bytes / 2 ** 20, 0)} | ${fmt(gateway.startRssMb, 0)} | ${fmt(gateway.peakDeltaMb, 1)} | ${fmt(gateway.peakHeapDeltaMb, 1)} | ${fmt(gateway.peakExternalDeltaMb, 1)} | ${fmt(gateway.retainedHeapMb, 1)} |`,
    ]),
    '',
    `RSS growth of the gateway across table sizes: ${verdict}. ` +
      "The gateway writes each route the one way it writes a route's JSON, JSON.stringify(renderRoute(route)) on the gRPC client's own decoding, " +
      'in batches of about 64 KiB pushed into a plain Readable whose push() result pauses the gRPC stream (rib.dump-body.ts). ' +
      'The HTTP client in the same process (node:http) counts the bytes and decodes only the tail. First byte: from the request to the first byte ' +
      'of the body (the bare client: to its first reply), on a channel already connected to the daemon.',
  ].join('\n');
  return { title: 'Routing-table gateway (RIB)', markdown };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await run();
  process.stdout.write(`## ${section.title}\n\n${section.markdown}\n`);
}
