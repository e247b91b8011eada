import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { AppDatabase } from '../src/service/db/database.js';
import { anonymousViewer } from '../src/service/features/auth/index.js';
import { comparableProducts } from '../src/service/features/catalogue/comparables/comparables.repository.js';
import { demandForTransceiver } from '../src/service/features/catalogue/demand/demand.repository.js';
import { currentPrices, recentPrices } from '../src/service/features/catalogue/prices/prices.repository.js';
import { resolveFilters } from '../src/service/features/catalogue/transceivers/transceivers.service.js';
import { findTransceiver, listPageQueries, withListPlanning } from '../src/service/features/catalogue/transceivers/transceivers.repository.js';
import type { TransceiverFilters, TransceiverPage } from '../src/shared/api/catalogue/transceivers.schemas.js';
import { TRANSCEIVER_SORT_FIELDS } from '../src/shared/vocabulary/catalogue.vocabulary.js';
import { startThrowawayCluster } from '../scripts/postgres/throwaway-cluster.js';
import { FX } from '../tests/helpers/catalogue-fixtures.js';
import { fillPostgres, fillSqlite, type Filled, openBenchDatabase } from './catalogue-bench-data.js';
import { benchServiceEnv, benchSignIn } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fmt } from './load.js';
import { spawnTimed, untilQuiet } from './processes.js';

const SIZE = Number(process.env.BENCH_CATALOGUE_ROWS ?? 100_000);
/** Requests per query, one at a time; the first read after the start counts like every other. */
const SAMPLES = 40;
const GOAL_MS = 50;
const IMPORT_GOAL = 5_000;

type Case = { label: string; q: TransceiverFilters & { limit?: number; offset?: number } };

/** Every sort both ways, every filter, combined filters, deep pages and the text query (broad, narrow, short, vendor). */
const CASES: Case[] = [
  ...TRANSCEIVER_SORT_FIELDS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ label: `sort=${sort}&order=${order}`, q: { sort, order } }))),
  { label: 'form_factor=QSFP28', q: { form_factor: 'QSFP28' } },
  { label: 'form_factor=QSFP28&speed_gbps=100', q: { form_factor: 'QSFP28', speed_gbps: '100' } },
  {
    label: 'speed_gbps=1.6T&data_confidence=vendor_verified&sort=name&order=desc',
    q: { speed_gbps: '1.6T', data_confidence: 'vendor_verified', sort: 'name', order: 'desc' },
  },
  {
    label: 'fiber_type=SMF&reach_min=2000&reach_max=10000&sort=reach_meters',
    q: { fiber_type: 'SMF', reach_min: 2000, reach_max: 10000, sort: 'reach_meters' },
  },
  { label: 'reach_min=100&reach_max=500', q: { reach_min: 100, reach_max: 500 } },
  { label: 'wdm_type=CWDM', q: { wdm_type: 'CWDM' } },
  { label: 'data_confidence=scraped_unverified&sort=updated_at&order=desc', q: { data_confidence: 'scraped_unverified', sort: 'updated_at', order: 'desc' } },
  { label: 'standard=100GBASE-LR4', q: { standard: '100GBASE-LR4' } },
  { label: 'details_verified=false', q: { details_verified: false } },
  { label: `vendor=${FX.shopA}&limit=100&offset=200`, q: { vendor: FX.shopA, limit: 100, offset: 200 } },
  { label: 'offset=50000', q: { offset: 50_000 } },
  { label: 'q=LR4', q: { q: 'LR4' } },
  { label: 'q=qsfp28 lr4', q: { q: 'qsfp28 lr4' } },
  { label: 'q=000123', q: { q: '000123' } },
  { label: 'q=LR', q: { q: 'LR' } },
  { label: 'q=fixture (vendor name)', q: { q: 'fixture' } },
  { label: 'q=zz-none', q: { q: 'zz-none' } },
  { label: 'q=lr4&form_factor=QSFP28&sort=name', q: { q: 'lr4', form_factor: 'QSFP28', sort: 'name' } },
];

interface Figures {
  firstMs: number;
  p50Ms: number;
  p99Ms: number;
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { firstMs: samples[0]!, p50Ms: at(0.5), p99Ms: at(0.99) };
}

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<Figures> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return figures(samples);
}

function urlOf(base: string, q: Case['q']): string {
  const params = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
  return `${base}/api/transceivers?${params.toString()}`;
}

interface EngineResult {
  engine: 'sqlite' | 'postgres';
  filled: Filled;
  quietMs?: number;
  /** Why nothing was measured over HTTP (the service did not start on this engine). */
  httpProblem?: string;
  cases: Array<{ label: string; total?: number; http?: Figures; direct?: Figures; problem?: string }>;
  product: { http?: Figures; direct: Figures };
}

/** The same statement the list runs for a case, executed straight through the engine's driver (no HTTP, no mapping). */
async function directCase(db: AppDatabase, c: Case): Promise<Figures> {
  const f = await resolveFilters(db, c.q);
  const { count, page } = await listPageQueries(db, f, c.q.limit ?? 50, c.q.offset ?? 0);
  const [counting, reading] = [count.compile(), page.compile()];
  return timed(SAMPLES, async () =>
    withListPlanning(db, async (tx) => {
      await tx.kysely.executeQuery(counting);
      await tx.kysely.executeQuery(reading);
    }),
  );
}

async function measureEngine(engine: EngineResult['engine'], env: Record<string, string>, fill: (db: AppDatabase) => Promise<Filled>): Promise<EngineResult> {
  // The first start migrates (and seeds, where the service does so); the catalogue is then filled to SIZE.
  try {
    const first = await spawnTimed(['out/server/server.js'], env, '/api/health', 300_000);
    await first.stop();
  } catch {
    // A service that cannot start on this engine is reported below; the direct figures still stand.
  }
  const db = await openBenchDatabase(env);
  try {
    const filled = await fill(db);
    const slugs = (await db.kysely
      .selectFrom('transceivers' as never)
      .select('slug' as never)
      .orderBy('id' as never)
      .execute()) as Array<{ slug: string }>;
    const picked = Array.from({ length: SAMPLES }, (_, i) => slugs[Math.floor(((i + 0.5) * slugs.length) / SAMPLES)]!.slug);
    const result: EngineResult = { engine, filled, cases: [], product: { direct: { firstMs: 0, p50Ms: 0, p99Ms: 0 } } };
    let server: Awaited<ReturnType<typeof spawnTimed>> | undefined;
    try {
      server = await spawnTimed(['out/server/server.js'], env, '/api/health', 300_000);
    } catch (error) {
      result.httpProblem = error instanceof Error ? error.message.split('\n')[0] : String(error);
    }
    try {
      const base = server === undefined ? undefined : `http://127.0.0.1:${server.port}`;
      const headers = base === undefined ? undefined : await benchSignIn(base);
      // After a bulk import the service re-indexes the products for semantic search in the background: not the list's work.
      if (server !== undefined) result.quietMs = await untilQuiet(server.child.pid!);
      for (const c of CASES) {
        const measured: EngineResult['cases'][number] = { label: c.label };
        try {
          if (base !== undefined) {
            const url = urlOf(base, c.q);
            measured.http = await timed(SAMPLES, async () => {
              const response = await fetch(url, { headers });
              if (response.status !== 200) throw new Error(`answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
              measured.total = ((await response.json()) as TransceiverPage).total;
            });
          }
          measured.direct = await directCase(db, c);
        } catch (error) {
          // Reported beside the table: code outside the list that this engine cannot run yet fails one case, not the run.
          measured.problem = error instanceof Error ? error.message.split('\n')[0] : String(error);
        }
        result.cases.push(measured);
      }
      if (base !== undefined) {
        result.product.http = await timed(SAMPLES, async (i) => {
          const response = await fetch(`${base}/api/transceivers/${picked[i]}`, { headers });
          if (response.status !== 200) throw new Error(`product ${picked[i]} answered ${response.status}`);
          await response.arrayBuffer();
        });
      }
      result.product.direct = await timed(SAMPLES, async (i) => {
        const row = await findTransceiver(db, picked[(i + 1) % picked.length]!);
        await demandForTransceiver(db, row!.id, anonymousViewer());
        await currentPrices(db, row!.id);
        await recentPrices(db, row!.id, 200);
        await comparableProducts(db, row!.id, 'USD');
      });
    } finally {
      await server?.stop();
    }
    return result;
  } finally {
    await db.close();
  }
}

const ms = (f: Figures | undefined) => (f === undefined ? 'n/a' : fmt(f.p99Ms, 1));
const within = (f: Figures | undefined) => (f === undefined ? 'n/a' : f.p99Ms <= GOAL_MS ? 'yes' : 'no');

function importLine(r: EngineResult): string {
  const perSecond = r.filled.imported.rows / (r.filled.imported.ms / 1000);
  return (
    `- ${r.engine}: ${r.filled.imported.rows.toLocaleString('en')} generated products through the transceiver import (validation, one transaction) ` +
    `in ${fmt(r.filled.imported.ms / 1000, 1)} s: ${fmt(perSecond, 0)} rows/s (goal ${IMPORT_GOAL.toLocaleString('en')}: ${perSecond >= IMPORT_GOAL ? 'met' : 'not met'}).`
  );
}

/** GET /api/transceivers (every sort, filter and text query) and a product page, SQLite and PostgreSQL side by side. */
export async function run(): Promise<BenchSection> {
  const cluster = await startThrowawayCluster();
  const results: EngineResult[] = [];
  const sqliteSide = benchServiceEnv('catalogue-sqlite', { EMBEDDINGS_PROVIDER: 'hash' });
  const pgSide = benchServiceEnv('catalogue-postgres', { EMBEDDINGS_PROVIDER: 'hash', DATABASE_URL: cluster.urlOf('bench_catalogue') });
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query('CREATE DATABASE bench_catalogue');
    await admin.end();
    results.push(await measureEngine('sqlite', sqliteSide.env, (db) => fillSqlite(db, SIZE)));
    const sqliteDb = await openBenchDatabase(sqliteSide.env);
    try {
      results.push(await measureEngine('postgres', pgSide.env, (db) => fillPostgres(db, sqliteDb, SIZE)));
    } finally {
      await sqliteDb.close();
    }
  } finally {
    cluster.stop();
    rmSync(sqliteSide.dataDir, { recursive: true, force: true });
    rmSync(pgSide.dataDir, { recursive: true, force: true });
  }
  const [lite, post] = results as [EngineResult, EngineResult];
  const lines = [
    `${SIZE.toLocaleString('en')} products on each engine in one run (PostgreSQL 15: a throwaway cluster on the same machine). Every query is`,
    `requested ${SAMPLES} times one at a time over loopback from \`node out/server/server.js\` (auth, validation, the database, serialisation),`,
    `the first read after the start included; "engine" is the same two statements (the count, then the page) run ${SAMPLES} times`,
    "in the bench process straight through the engine's driver. Figures are p99 in ms; goal: at most 50 ms over HTTP.",
    '',
    '| query | matches | SQLite HTTP p99 | SQLite engine p99 | PostgreSQL HTTP p99 | PostgreSQL engine p99 | within 50 ms (SQLite / PostgreSQL) |',
    '|---|---|---|---|---|---|---|',
    ...lite.cases.map((c, i) => {
      const p = post.cases[i]!;
      return `| \`${c.label}\` | ${c.total ?? p.total ?? '-'} | ${ms(c.http)} | ${ms(c.direct)} | ${ms(p.http)} | ${ms(p.direct)} | ${within(c.http)} / ${within(p.http)} |`;
    }),
    `| product page (GET /api/transceivers/:slug, ${SAMPLES} products) | - | ${ms(lite.product.http)} | ${ms(lite.product.direct)} | ${ms(post.product.http)} | ` +
      `${ms(post.product.direct)} | ${within(lite.product.http)} / ${within(post.product.http)} |`,
    '',
    '"engine" for the product page: its statements one after the other (the product, its demand, current prices, recent history and',
    'comparables); the service runs the last four at once.',
    '',
    ...results.map(importLine),
    ...results.flatMap((r) => r.cases.filter((c) => c.problem !== undefined).map((c) => `- ${r.engine}: \`${c.label}\` failed: ${c.problem}`)),
    ...results.filter((r) => r.httpProblem !== undefined).map((r) => `- ${r.engine}: not measured over HTTP, the service did not start: ${r.httpProblem}`),
    ...results
      .filter((r) => r.quietMs !== undefined)
      .map(
        (r) => `- ${r.engine}: the started service worked ${fmt(r.quietMs! / 1000, 0)} s in the background (semantic-search indexing) before it was measured.`,
      ),
  ];
  return { title: 'Catalogue list on SQLite and PostgreSQL', markdown: lines.join('\n') };
}
