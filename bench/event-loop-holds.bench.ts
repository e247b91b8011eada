import { rmSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { runImport } from '../src/service/features/catalogue/import/import.service.js';
import { createService, loadConfig } from '../src/service/index.js';
import { createLogger } from '../src/service/logger.js';
import type { AppDatabase } from '../src/service/db/database.js';
import type { CatalogueTables } from '../src/service/db/tables/catalogue.tables.js';
import { FX, insertReferenceData } from '../tests/helpers/catalogue-fixtures.js';
import { generateTransceivers } from '../tests/helpers/generated-catalogue.js';
import { largePdf } from '../tests/fixtures/pdf/pdf-fixtures.js';
import { benchSignIn, inProcessBenchEnv } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fmt } from './load.js';

/** Rows per import (the report's case) and how many imports fill the catalogue; the PDF's pages. Overridable for a quick run. */
const IMPORT_ROWS = Number(process.env.BENCH_HOLDS_IMPORT_ROWS ?? 50_000);
const IMPORTS = Number(process.env.BENCH_HOLDS_IMPORTS ?? 2);
const PDF_PAGES = Number(process.env.BENCH_HOLDS_PDF_PAGES ?? 3_000);
/** Competitor alerts of the last 30 days the hot topics read: the imports' own, topped up to this many. */
const ALERTS = Number(process.env.BENCH_HOLDS_ALERTS ?? 50_000);
/** The health probe's pause between answers. */
const PROBE_GAP_MS = 20;
/** The event-loop delay sampler's interval. */
const RESOLUTION_MS = 5;

interface Hold {
  operation: string;
  ms: number;
  p99: number;
  max: number;
  healthMax: number;
  probes: number;
  note: string;
}

/**
 * Runs `operation` while a client asks GET /api/health over HTTP every PROBE_GAP_MS, and reads the event-loop delay
 * the way the health answer does (monitorEventLoopDelay), over this operation only: its p99 and its maximum, which is
 * the longest the loop was held.
 */
async function beside(url: string, operation: string, work: () => Promise<string>): Promise<Hold> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const answers: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      answers.push(performance.now() - started);
      await sleep(PROBE_GAP_MS);
    }
  })();
  histogram.enable();
  const started = performance.now();
  const note = await work();
  const ms = performance.now() - started;
  // A hold that ends with the operation is recorded when the sampling timer next fires.
  await sleep(4 * RESOLUTION_MS);
  histogram.disable();
  running = false;
  await probe;
  return {
    operation,
    ms,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
    healthMax: Math.max(0, ...answers),
    probes: answers.length,
    note,
  };
}

/**
 * Tops the competitor alerts of the last 30 days up to `total` (new products of the imported competitor shops, spread
 * over the window), in slices; answers how many the window holds.
 */
async function topUpAlerts(db: AppDatabase, total: number): Promise<number> {
  const k = db.kysely.withTables<CatalogueTables>();
  const counted = await k
    .selectFrom('competitor_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const missing = Math.max(0, total - Number(counted.n));
  const products = await k.selectFrom('transceivers').where('vendor_id', 'in', [FX.shopA, FX.shopB]).select(['id', 'vendor_id', 'part_number']).execute();
  const now = Date.now();
  for (let at = 0; at < missing; at += 500) {
    const rows = Array.from({ length: Math.min(500, missing - at) }, (_, i) => {
      const p = products[(at + i) % products.length]!;
      const severity = (at + i) % 50 === 0 ? ('warning' as const) : ('info' as const);
      const created_at = new Date(now - (((at + i) * 7919) % (29 * 86_400_000))).toISOString();
      return { kind: 'new_product' as const, vendor_id: p.vendor_id, transceiver_id: p.id, severity, title: `New product ${p.part_number}`, created_at };
    });
    await k.insertInto('competitor_alerts').values(rows).execute();
  }
  return Number(counted.n) + missing;
}

/** Every heavy operation beside a health probe: imports up to the catalogue size, re-embedding, hot topics, blog, a large PDF. */
export async function run(): Promise<BenchSection> {
  const { dataDir, env } = inProcessBenchEnv('holds', { SEED_ON_START: 'false', EMBEDDINGS_PROVIDER: 'hash' });
  const service = await createService(loadConfig(env), { logger: createLogger('silent') });
  const holds: Hold[] = [];
  try {
    await service.http.listen({ host: '127.0.0.1', port: 0 });
    const address = service.http.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const headers = { ...(await benchSignIn(url)), 'content-type': 'application/json' };
    const { db } = service.ctx;
    await insertReferenceData(db);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };

    for (let i = 0; i < IMPORTS; i += 1) {
      const text = JSON.stringify(generateTransceivers(IMPORT_ROWS, i * IMPORT_ROWS));
      holds.push(
        await beside(url, `import of ${IMPORT_ROWS} transceivers (${(i + 1) * IMPORT_ROWS} products after it)`, async () => {
          const report = await runImport(db, { kind: 'transceivers', format: 'json', text, now: service.ctx.now, alertRules: service.ctx.config.catalogue });
          return `${report.inserted} inserted in one transaction`;
        }),
      );
    }
    holds.push(
      await beside(url, 're-embedding the products after the imports (hash embeddings)', async () => {
        await (
          await service.ctx.search.indexProducts()
        ).done;
        return `${service.ctx.search.vectors.progress('product_embeddings').total} embedded`;
      }),
    );
    const alerts = await topUpAlerts(db, ALERTS);
    let firstTopic = '';
    holds.push(
      await beside(url, 'GET /api/hot-topics', async () => {
        const page = await call('GET', '/api/hot-topics?limit=50');
        const items = page.json.items as Array<{ id: string; source: string; summary: string }>;
        firstTopic = items.find((t) => t.source === 'competitor_alerts')?.id ?? items[0]?.id ?? '';
        return `${alerts} alerts in the window; ${String(page.json.total)} topics; ${items.find((t) => t.source === 'competitor_alerts')?.summary.split(' (')[0] ?? 'no alert topic'}`;
      }),
    );
    holds.push(
      await beside(url, 'POST /api/blog/generate, unknown hot_topic', async () => {
        const answer = await call('POST', '/api/blog/generate', { topic_type: 'tutorial', hot_topic: 'no-such-topic' });
        return `answered ${answer.status}`;
      }),
    );
    holds.push(
      await beside(url, 'POST /api/blog/generate, an alert hot topic', async () => {
        const answer = await call('POST', '/api/blog/generate', { topic_type: 'comparison', hot_topic: firstTopic });
        return `answered ${answer.status}`;
      }),
    );
    await service.ctx.blog.queue.idle();

    const pdf = await largePdf(PDF_PAGES);
    holds.push(
      await beside(url, `processing a ${PDF_PAGES}-page PDF (upload to stored chunks and index)`, async () => {
        const form = new FormData();
        form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'bench-holds.pdf');
        const response = await fetch(`${url}/api/documents/process`, { method: 'POST', body: form, headers: { authorization: headers.authorization } });
        if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
        await service.ctx.documents.whenIdle();
        const { id } = (await response.json()) as { id: string };
        const doc = (await call('GET', `/api/documents/${id}`)).json;
        return `${String(doc.status)}, ${String(doc.chunks_count)} chunks`;
      }),
    );
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const markdown = [
    `Each operation runs in the service's process while a client asks GET /api/health over HTTP every ${PROBE_GAP_MS} ms; the event-loop`,
    `delay is read as the health answer reads it (monitorEventLoopDelay, here at ${RESOLUTION_MS} ms resolution, over the operation only). The`,
    'maximum is the longest the loop was held; the goal is at most 100 ms for every operation. Hash embeddings, SQLite, scheduler off.',
    '',
    '| Operation | Took (ms) | Loop delay p99 (ms) | Loop delay max (ms) | Slowest health answer (ms) | Health answers | Result |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...holds.map((h) => `| ${h.operation} | ${fmt(h.ms, 0)} | ${fmt(h.p99, 1)} | ${fmt(h.max, 1)} | ${fmt(h.healthMax, 0)} | ${h.probes} | ${h.note} |`),
  ].join('\n');
  return { title: 'Event-loop holds of the heavy operations', markdown };
}
