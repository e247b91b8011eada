import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startThrowawayCluster } from '../scripts/postgres/throwaway-cluster.js';
import type { AppDatabase } from '../src/service/db/database.js';
import { createBuiltinProvider } from '../src/service/embeddings/builtin.provider.js';
import { hashEmbed } from '../src/service/embeddings/hash-features.js';
import { createHashProvider } from '../src/service/embeddings/hash.provider.js';
import { storedEmbeddings } from '../src/service/features/search/stored-embeddings.repository.js';
import { createService, loadConfig, openMigratedDatabase, type Service } from '../src/service/index.js';
import { loadStoredVectors } from '../src/service/vector/stored-vector-loader.js';
import { openVectorCollection } from '../src/service/vector/vector-collection.js';
import { FX, insertFixtureCatalogue } from '../tests/helpers/catalogue-fixtures.js';
import { benchSignIn, inProcessBenchEnv } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fmt, median } from './load.js';
import { watchEventLoop } from './loop-stalls.js';

const STORED = 100_000;
/** One unusual word per imported product, so each is its own query's nearest product. */
const WORDS = ['quillwort', 'heliotrope', 'marzipan', 'bergamot', 'sassafras', 'tamarind', 'juniper', 'cardamom', 'verbena', 'galangal'];
const BUILTIN_SAMPLE = 64;
const HEADER = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence,wavelengths,reach_meters,reach_label';
const identityOf = (p: { name: string; model: string; dimension: number }) => ({ provider: p.name, model: p.model, dimension: p.dimension });

/** Two services on one PostgreSQL database: an import through A, then B's product search polled every 10 ms until it finds it. */
async function importToSearch(url: string): Promise<number[]> {
  const services: Service[] = [];
  const dirs: string[] = [];
  try {
    for (const name of ['replica-a', 'replica-b']) {
      const { dataDir, env } = inProcessBenchEnv(name, { EMBEDDINGS_PROVIDER: 'hash', SEED_ON_START: 'false', DATABASE_URL: url });
      dirs.push(dataDir);
      const service = await createService(loadConfig(env));
      services.push(service);
      if (name === 'replica-a') await insertFixtureCatalogue(service.ctx.db);
    }
    const [a, b] = (await Promise.all(services.map(async (s) => ({ base: (await s.start()).url })))) as [{ base: string }, { base: string }];
    for (const s of services) await s.ctx.search.whenIdle();
    const headersA = await benchSignIn(a.base);
    const headersB = await benchSignIn(b.base);
    const delays: number[] = [];
    for (const [i, word] of WORDS.entries()) {
      const name = `${word} ${word} module`;
      const started = performance.now();
      const response = await fetch(`${a.base}/api/import/transceivers`, {
        method: 'POST',
        headers: { ...headersA, 'content-type': 'text/csv' },
        body: `${HEADER}\n${FX.shopB},BENCH-QW-${i},${name},QSFP28,100,SMF,cwdm,scraped_unverified,1310,10000,10km\n`,
      });
      if (response.status !== 200) throw new Error(`import answered ${response.status}`);
      for (;;) {
        const found = (await (await fetch(`${b.base}/search/products?q=${encodeURIComponent(name)}&limit=1`, { headers: headersB })).json()) as {
          hits: Array<{ record: { part_number: string } }>;
        };
        if (found.hits[0]?.record.part_number === `BENCH-QW-${i}`) break;
        if (performance.now() - started > 60_000) throw new Error(`B never found the product: ${JSON.stringify(found).slice(0, 600)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      delays.push(performance.now() - started);
    }
    return delays;
  } finally {
    for (const s of services) await s.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

interface StartUp {
  engine: string;
  loadMs: number;
  /** CPU time of this process over the load: on a shared machine well below the wall time. */
  cpuMs: number;
  p99BlockMs: number;
  maxBlockMs: number;
  /** The most CPU the main thread used inside one delay. */
  maxHoldMs: number;
}

/** 100,000 stored 768-d vectors loaded into an empty collection, as a process with no index on its disk starts. */
async function loadStored(db: AppDatabase, dataDir: string): Promise<StartUp> {
  const identity = identityOf(createHashProvider());
  const storage = storedEmbeddings(db);
  for (let at = 0; at < STORED; at += 1000) {
    const items = Array.from({ length: 1000 }, (_, i) => {
      const text = `synthetic product ${at + i} form factor ${(at + i) % 7} speed ${(at + i) % 13}`;
      return { id: `p${String(at + i).padStart(6, '0')}`, version: '1', textHash: String(at + i), vector: hashEmbed(text, identity.dimension) };
    });
    await storage.save('product_embeddings', identity, items);
  }
  const collection = openVectorCollection(join(dataDir, 'vectors'), 'product_embeddings', identity);
  const watch = watchEventLoop();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const loaded = await loadStoredVectors(collection, storage, () => false, join(dataDir, 'vectors'));
  const loadMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const stalls = watch.stop();
  if (loaded !== STORED) throw new Error(`loaded ${loaded} of ${STORED}`);
  return {
    engine: db.engine,
    loadMs,
    cpuMs: (used.user + used.system) / 1000,
    p99BlockMs: stalls.p99DelayMs,
    maxBlockMs: stalls.maxDelayMs,
    maxHoldMs: stalls.maxHoldMs,
  };
}

/** What embedding the same 100,000 texts again would cost: the hash embedder measured, the built-in model's rate from a sample. */
async function reembedRates(): Promise<{ hashMs: number; builtinPerS: number }> {
  const hash = createHashProvider();
  const texts = Array.from({ length: STORED }, (_, i) => `synthetic product ${i} form factor ${i % 7} speed ${i % 13}`);
  let started = performance.now();
  for (let at = 0; at < STORED; at += 16) await hash.embedDocuments(texts.slice(at, at + 16));
  const hashMs = performance.now() - started;
  const builtin = createBuiltinProvider();
  try {
    await builtin.embedDocuments(texts.slice(0, 4));
    started = performance.now();
    for (let at = 0; at < BUILTIN_SAMPLE; at += 16) await builtin.embedDocuments(texts.slice(at, at + 16));
    return { hashMs, builtinPerS: BUILTIN_SAMPLE / ((performance.now() - started) / 1000) };
  } finally {
    await builtin.close();
  }
}

export async function run(): Promise<BenchSection> {
  const cluster = await startThrowawayCluster();
  const startUps: StartUp[] = [];
  let delays: number[] = [];
  const lite = inProcessBenchEnv('stored-vectors-sqlite');
  const post = inProcessBenchEnv('stored-vectors-postgres', { DATABASE_URL: cluster.urlOf('bench_stored') });
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query('CREATE DATABASE bench_replicas');
    await admin.query('CREATE DATABASE bench_stored');
    await admin.end();
    delays = await importToSearch(cluster.urlOf('bench_replicas'));
    for (const side of [lite, post]) {
      const { db } = await openMigratedDatabase(loadConfig(side.env));
      try {
        startUps.push(await loadStored(db, side.dataDir));
      } finally {
        await db.close();
      }
    }
  } finally {
    cluster.stop();
    rmSync(lite.dataDir, { recursive: true, force: true });
    rmSync(post.dataDir, { recursive: true, force: true });
  }
  const { hashMs, builtinPerS } = await reembedRates();
  const sorted = [...delays].sort((x, y) => x - y);
  return {
    title: 'Replicas: import on one, search on another; start-up from stored vectors',
    markdown: [
      `Two services in one process on one PostgreSQL 15 database (a throwaway cluster on the same machine), hash embedder. ${WORDS.length} times:`,
      "one product imported through A, then B's product search asked every 10 ms until it returns the product first. The delay covers",
      "A's import, A embedding and storing the vector, the notification, and B loading it.",
      '',
      `- import on A to found by search on B: median ${fmt(median(delays), 0)} ms, max ${fmt(sorted[sorted.length - 1] ?? 0, 0)} ms (goal: within 10 s).`,
      '',
      `A process with no index on its disk loads ${STORED.toLocaleString('en')} stored 768-d vectors from the database into its hnswlib`,
      'collection: the event loop reads pages of 1,000 and a worker thread inserts them into a graph of its own, which the',
      "collection then reads from the file the worker writes. The graph's inserts are the cost (the CPU column: both threads).",
      'Event-loop delays from `monitorEventLoopDelay` are wall time: on a shared machine they include the time the thread',
      'waited for a core; the hold is the most CPU the main thread used inside one delay (its schedstat).',
      '',
      '| engine | load 100k stored vectors, wall (s) | CPU (s) | event-loop delay p99 (ms) | max (ms) | longest hold of the loop (ms) |',
      '|---|---|---|---|---|---|',
      ...startUps.map(
        (s) =>
          `| ${s.engine} | ${fmt(s.loadMs / 1000, 1)} | ${fmt(s.cpuMs / 1000, 1)} | ${fmt(s.p99BlockMs, 0)} | ${fmt(s.maxBlockMs, 0)} | ${fmt(s.maxHoldMs, 0)} |`,
      ),
      '',
      `Embedding the same texts again instead: the hash embedder alone ${fmt(hashMs / 1000, 1)} s (before the same graph inserts);`,
      `the built-in model at ${fmt(builtinPerS, 1)} texts/s (measured on ${BUILTIN_SAMPLE} texts) would take about`,
      `${fmt(STORED / builtinPerS / 60, 0)} min (an extrapolation).`,
    ].join('\n'),
  };
}
