import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashEmbed } from '../src/service/embeddings/hash-features.js';
import { cosineSimilarity } from '../src/service/embeddings/embedding-provider.js';
import { seedSearchContent } from '../src/service/features/search/seed-content.js';
import { loadConfig, openMigratedDatabase } from '../src/service/index.js';
import { openVectorCollection } from '../src/service/vector/vector-collection.js';
import { createBuiltinProvider } from '../src/service/embeddings/builtin.provider.js';
import { createHashProvider } from '../src/service/embeddings/hash.provider.js';
import { type EvaluationResult, evaluateProvider, evaluationCorpus, loadEvaluationQueries } from '../tests/helpers/search-evaluation.js';
import { benchServiceEnv, benchSignIn } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fmt, load, median } from './load.js';
import { spawnTimed } from './processes.js';

const SERVER = ['out/server/server.js'];
const LOAD = { seconds: 3, concurrency: 4 };
const SYNTHETIC = 100_000;
const QUERY = '/api/search?q=pluggable%20coherent%20optics%20for%20data%20centre%20interconnect&limit=10';

const vectorMib = (n: number) => ((n * 768 * 4) / 2 ** 20).toFixed(0);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function json(url: string, headers: { authorization?: string } = {}): Promise<any> {
  const response = await fetch(url, { headers });
  return response.json();
}

/** One server per provider on a seeded data directory: first-start build, then search vs a trivial route. */
async function httpRun(provider: 'hash' | 'builtin') {
  const { dataDir, env } = benchServiceEnv(`search-${provider}`, { EMBEDDINGS_PROVIDER: provider });
  const config = loadConfig(env);
  const { db } = await openMigratedDatabase(config);
  await seedSearchContent(db, config.resourcesDir);
  await db.close();
  const server = await spawnTimed(SERVER, env, '/api/health', 120_000);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const headers = await benchSignIn(base);
    const buildStarted = performance.now();
    let stats: any;
    for (;;) {
      stats = await json(`${base}/search/stats`, headers);
      if (stats.complete || performance.now() - buildStarted > 240_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const buildMs = performance.now() - buildStarted;
    const vectors = stats.collections.reduce((n: number, c: any) => n + c.count, 0);
    const baseline = await load(`${base}/search/stats`, { ...LOAD, headers });
    const search = await load(`${base}${QUERY}`, { ...LOAD, headers });
    return { dataDir, buildMs, vectors, baseline, search };
  } finally {
    await server.stop();
  }
}

/** Loading every saved collection of a data directory, against reading the same bytes raw. */
function loadRun(dataDir: string) {
  const dir = join(dataDir, 'vectors');
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.hnsw'))
    .map((f) => f.replace(/\.hnsw$/, ''));
  const meta = JSON.parse(readFileSync(join(dir, `${names[0]}.meta.json`), 'utf8')) as { provider: string; model: string; dimension: number };
  const loads: number[] = [];
  const raws: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    let started = performance.now();
    for (const name of names) openVectorCollection(dir, name, meta);
    loads.push(performance.now() - started);
    started = performance.now();
    for (const name of names) {
      readFileSync(join(dir, `${name}.hnsw`));
      readFileSync(join(dir, `${name}.meta.json`), 'utf8');
    }
    raws.push(performance.now() - started);
  }
  return { collections: names.length, loadMs: median(loads), rawMs: median(raws) };
}

/** Form factor shares of the synthetic collection: every selectivity from half the products down to 1 in 1,000. */
const FF_SHARES: Array<[string, number]> = [
  ['QSFP28', 0.5],
  ['SFP+', 0.25],
  ['OSFP', 0.14],
  ['QSFP-DD', 0.06],
  ['QSFP112', 0.03],
  ['SFP28', 0.014],
  ['OSFP224', 0.005],
  ['CFP2', 0.001],
];
const SPEEDS = [10, 25, 100, 400, 800, 1600];
/** Fibre and WDM types by share (demo shares, not market data): each field from its widest value to a narrow one. */
const FIBER_SHARES: Array<[string, number]> = [
  ['SMF', 0.55],
  ['MMF', 0.33],
  ['AOC', 0.09],
  ['copper', 0.03],
];
const WDM_SHARES: Array<[string, number]> = [
  ['none', 0.6],
  ['CWDM', 0.18],
  ['PSM', 0.1],
  ['LWDM', 0.06],
  ['SWDM', 0.03],
  ['BiDi', 0.02],
  ['DWDM', 0.008],
  ['coherent', 0.002],
];

/** A value drawn by share from a deterministic hash of the item number (seed keeps the fields independent). */
function byShare(shares: Array<[string, number]>, i: number, seed: number): string {
  let u = ((Math.imul(i + seed, 2654435761) >>> 0) % 1_000_000) / 1_000_000;
  return shares.find(([, share]) => (u -= share) < 0)?.[0] ?? (shares[shares.length - 1] as [string, number])[0];
}

/** Filters of the synthetic run: every form factor, and each other field's widest and narrowest values. */
const FILTERS: Array<Record<string, string | number>> = [
  ...FF_SHARES.map(([ff]) => ({ form_factor: ff })),
  { speed_gbps: 10 },
  { speed_gbps: 1600 },
  { fiber_type: 'SMF' },
  { fiber_type: 'MMF' },
  { fiber_type: 'copper' },
  { wdm_type: 'none' },
  { wdm_type: 'CWDM' },
  { wdm_type: 'coherent' },
];

interface FilteredRow {
  filter: Record<string, string | number>;
  passing: number;
  times: number[];
  recall: number;
}

const SYNTHETIC_IDENTITY = { provider: 'hash', model: 'bench', dimension: 768 };
/** The goal for every single filter at 100,000 vectors. */
const GOAL = { p99Ms: 20, recall: 0.95 };

/** 100,000 product-like vectors: build, query latency with and without payload filters, recall against exact search. */
export async function syntheticRun() {
  const ffs = ['SFP+', 'SFP28', 'QSFP28', 'QSFP-DD', 'OSFP', 'QSFP112', 'OSFP224'];
  const reaches = ['SR 100 m', 'LR 10 km', 'ER 40 km', 'DR 500 m', 'FR 2 km', 'ZR 80 km', 'CWDM4 2 km'];
  // The payload's form factor is drawn by share, independently of the text: that filter does not follow the similarity.
  // Speed, fibre and WDM type are in the text, as in the service's product texts, so those filters do: a query about
  // "SR 100 m" has few 1.6T or copper items among its neighbours.
  const payloadOf = (i: number) => ({
    form_factor: byShare(FF_SHARES, i, 1),
    speed_gbps: SPEEDS[i % 6] as number,
    fiber_type: byShare(FIBER_SHARES, i, 7919),
    wdm_type: byShare(WDM_SHARES, i, 104729),
  });
  const text = (i: number) => {
    const p = payloadOf(i);
    return `${ffs[i % 7]} ${p.speed_gbps}G ${reaches[(i >> 3) % 7]} fibre ${p.fiber_type} WDM ${p.wdm_type} part OP-${i} vendor ${i % 97} batch ${i % 1009}`;
  };

  let started = performance.now();
  const vectors = Array.from({ length: SYNTHETIC }, (_, i) => hashEmbed(text(i), 768));
  const payloads = Array.from({ length: SYNTHETIC }, (_, i) => payloadOf(i));
  const embedMs = performance.now() - started;
  const dir = mkdtempSync(join(tmpdir(), 'ti-bench-synthetic-'));
  try {
    const rssBefore = process.memoryUsage.rss();
    const c = openVectorCollection(dir, 'synthetic', SYNTHETIC_IDENTITY);
    started = performance.now();
    for (let s = 0; s < SYNTHETIC; s += 5000) {
      c.upsert(vectors.slice(s, s + 5000).map((vector, j) => ({ id: String(s + j), version: '1', vector, payload: payloads[s + j] })));
    }
    const buildMs = performance.now() - started;
    const rssMb = (process.memoryUsage.rss() - rssBefore) / 2 ** 20;
    const queries = Array.from({ length: 200 }, (_, q) => hashEmbed(`${ffs[q % 7]} ${reaches[q % 7]} vendor ${q}`, 768));
    const time = (fn: (q: Float32Array) => unknown) =>
      queries.map((q) => {
        const t0 = performance.now();
        fn(q);
        return performance.now() - t0;
      });
    // A first pass warms the process up (code and caches); the timed pass follows.
    for (const q of queries.slice(0, 20)) c.search(q, 10);
    const plain = time((q) => c.search(q, 10));
    const filtered: FilteredRow[] = FILTERS.map((filter) => {
      const pass = (i: number) => Object.entries(filter).every(([k, v]) => (payloads[i] as Record<string, string | number>)[k] === v);
      const passingIds = payloads.map((_, i) => i).filter(pass);
      const times = time((q) => c.search(q, 10, filter));
      // recall@10 against exact filtered search (cosine over every passing vector) on 40 queries.
      let found = 0;
      let expected = 0;
      for (const q of queries.slice(0, 40)) {
        const exact = passingIds
          .map((i) => ({ i, s: cosineSimilarity(q, vectors[i] as Float32Array) }))
          .sort((a, b) => b.s - a.s)
          .slice(0, 10)
          .map(({ i }) => String(i));
        const got = new Set(c.search(q, 10, filter).map((h) => h.id));
        expected += exact.length;
        found += exact.filter((id) => got.has(id)).length;
      }
      return { filter, passing: passingIds.length, times, recall: expected === 0 ? 1 : found / expected };
    });
    // Baseline: exact brute-force cosine over all 100,000 vectors (20 queries; it is slow).
    const exact = queries.slice(0, 20).map((q) => {
      const t0 = performance.now();
      let best = -2;
      for (const v of vectors) best = Math.max(best, cosineSimilarity(q, v));
      return performance.now() - t0;
    });
    started = performance.now();
    await c.save();
    const saveS = (performance.now() - started) / 1000;
    const fileBytes = c.fileBytes();
    started = performance.now();
    const reopened = openVectorCollection(dir, 'synthetic', SYNTHETIC_IDENTITY);
    const openS = (performance.now() - started) / 1000;
    if (reopened.size() !== SYNTHETIC) throw new Error(`reopened ${reopened.size()} of ${SYNTHETIC}`);
    return { embedMs, buildMs, rssMb, plain, filtered, exact, saveS, openS, fileBytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** recall@5 and MRR of each provider on the labelled query set (docs/search-evaluation.md explains the set). */
async function qualityRun(): Promise<EvaluationResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-bench-eval-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  const { db } = await openMigratedDatabase(config);
  try {
    await seedSearchContent(db, config.resourcesDir);
    const corpus = await evaluationCorpus(db);
    const queries = loadEvaluationQueries(config.resourcesDir);
    const results: EvaluationResult[] = [];
    for (const provider of [createHashProvider(), createBuiltinProvider({ variant: 'use' }), createBuiltinProvider()]) {
      try {
        results.push(await evaluateProvider(provider, corpus, queries));
      } finally {
        await provider.close();
      }
    }
    return results;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchSection> {
  const quality = await qualityRun();
  const hash = await httpRun('hash');
  const builtin = await httpRun('builtin');
  const loaded = loadRun(builtin.dataDir);
  const synthetic = await syntheticRun();
  for (const dir of [hash.dataDir, builtin.dataDir]) rmSync(dir, { recursive: true, force: true });

  const row = (name: string, r: typeof hash) =>
    `| ${name} | ${fmt(r.search.perSecond, 0)} | ${fmt(r.search.p50Ms, 2)} | ${fmt(r.search.p99Ms, 2)} | ${fmt(r.baseline.p50Ms, 2)} | ${fmt(r.search.p50Ms / r.baseline.p50Ms, 1)} | ${Object.entries(
      r.search.statuses,
    )
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')} |`;
  const p = (values: number[], q: number) => fmt(percentile(values, q), 2);
  const q = (r: EvaluationResult) =>
    `| ${r.provider} / ${r.model} | ${fmt(r.recallAt5, 3)} | ${fmt(r.mrr, 3)} | ${fmt(r.byKind.keyword.recallAt5, 3)} / ${fmt(r.byKind.keyword.mrr, 3)} | ${fmt(r.byKind.paraphrase.recallAt5, 3)} / ${fmt(r.byKind.paraphrase.mrr, 3)} | ${fmt(r.mrr / (quality[0] as EvaluationResult).mrr, 2)} |`;
  const markdown = [
    `Retrieval quality on the labelled query set (${quality[0]?.queries} queries over the seed content, exact ranking; baseline: hash):`,
    '',
    '| provider / model | recall@5 | MRR | keyword recall@5 / MRR | paraphrase recall@5 / MRR | MRR ratio to hash |',
    '|---|---|---|---|---|---|',
    ...quality.map(q),
    '',
    `End-to-end HTTP search (\`GET ${QUERY.split('?')[0]}\`, real server process, ${LOAD.concurrency} keep-alive connections for ${LOAD.seconds} s,`,
    'loopback) against GET /search/stats on the same server as the baseline (authenticated, no embedding, no vector search).',
    '',
    '| provider | search req/s | p50 ms | p99 ms | baseline p50 ms | p50 ratio | statuses |',
    '|---|---|---|---|---|---|---|',
    row('hash', hash),
    row('builtin (USE-lite in a worker + hash)', builtin),
    '',
    `First-start build of the seeded collections (${builtin.vectors} vectors): hash ${fmt(hash.buildMs / 1000, 1)} s, builtin ${fmt(builtin.buildMs / 1000, 1)} s`,
    `(${fmt(builtin.vectors / (builtin.buildMs / 1000), 1)} texts/s, in the background while the server answers).`,
    '',
    `Index load on a later start: ${loaded.collections} saved collections open in ${fmt(loaded.loadMs, 1)} ms (median of 7),`,
    `against ${fmt(loaded.rawMs, 1)} ms to read the same files raw (ratio ${fmt(loaded.loadMs / Math.max(loaded.rawMs, 0.001), 1)}).`,
    '',
    `${SYNTHETIC.toLocaleString('en')} synthetic product vectors (768-d hash embeddings of product-like texts, M 16, efConstruction 100, ef 128):`,
    `embedding ${fmt(synthetic.embedMs / 1000, 1)} s, index build ${fmt(synthetic.buildMs / 1000, 1)} s (${fmt(SYNTHETIC / (synthetic.buildMs / 1000), 0)} vectors/s).`,
    '',
    '| query (k = 10) | p50 ms | p99 ms | ratio to exact p50 |',
    '|---|---|---|---|',
    `| hnsw | ${p(synthetic.plain, 50)} | ${p(synthetic.plain, 99)} | ${fmt(percentile(synthetic.plain, 50) / percentile(synthetic.exact, 50), 4)} |`,
    `| baseline: exact brute-force cosine (20 queries) | ${p(synthetic.exact, 50)} | ${p(synthetic.exact, 99)} | 1 |`,
    '',
    'Filtered search at every selectivity (200 queries each; recall@10 against exact filtered search on 40 of them): every form factor, and each',
    "other field's widest and narrowest values. The form factor is drawn independently of the text; speed, fibre and WDM type are written into",
    "the text (as in the service's product texts), so the queries' neighbourhoods are short of some of their values. Every filtered search runs",
    "inside hnswlib's own graph search (searchKnn with a filter function over the payloads the collection keeps in a Map,",
    'src/service/vector/vector-collection.ts): it walks the graph testing each node it visits and keeps those that pass until ef of them are',
    'found, about ef / share nodes; ef is 128 down to a share of 1 in 20 (sampled from the payloads) and smaller in proportion below, down to k.',
    `Goal for any single filter: p99 at most ${GOAL.p99Ms} ms and recall@10 at least ${GOAL.recall}.`,
    '',
    '| filter | passing | share | p50 ms | p99 ms | recall@10 | goal met |',
    '|---|---|---|---|---|---|---|',
    ...synthetic.filtered.map(
      (r) =>
        `| ${Object.entries(r.filter)
          .map(([k, v]) => `${k} = ${v}`)
          .join(', ')} | ${r.passing} | ${fmt((100 * r.passing) / SYNTHETIC, 1)} % | ${p(r.times, 50)} | ${p(r.times, 99)} | ${fmt(r.recall, 3)} | ` +
        `${percentile(r.times, 99) <= GOAL.p99Ms && r.recall >= GOAL.recall ? 'yes' : 'no'} |`,
    ),
    '',
    `Worst filtered p99: ${fmt(Math.max(...synthetic.filtered.map((r) => percentile(r.times, 99))), 2)} ms (goal ${GOAL.p99Ms} ms);`,
    `lowest recall@10: ${fmt(Math.min(...synthetic.filtered.map((r) => r.recall)), 3)} (goal ${GOAL.recall}).`,
    '',
    `Memory: the process RSS grew by ${fmt(synthetic.rssMb, 0)} MiB over the build (the hnsw index; one copy of the vectors is ${vectorMib(SYNTHETIC)} MiB).`,
    `The save took ${fmt(synthetic.saveS, 1)} s (${fmt(synthetic.fileBytes / 2 ** 20, 0)} MiB on disk: index and sidecar); opening it again ${fmt(synthetic.openS, 1)} s,`,
    'after which filtered searches answer at once (nothing is filled in the background).',
  ].join('\n');
  return { title: 'Semantic search', markdown };
}
