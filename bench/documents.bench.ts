import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { chunkBlocks } from '../src/service/features/documents/markdown.chunker.js';
import { buildMarkdown } from '../src/service/features/documents/markdown.builder.js';
import { extractPdfText } from '../src/service/features/documents/pdf-text.extractor.js';
import { largePdf } from '../tests/fixtures/pdf/pdf-fixtures.js';
import { inProcessBenchEnv, benchSignIn } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fmt, median } from './load.js';

const PAGES = 100;
const RUNS = 3;
/** The in-process stages take a quarter of a second each: more runs for a steadier median. */
const LOCAL_RUNS = 7;
type ServiceModule = typeof import('../src/service/index.js');

/**
 * The compiled service (npm run bench builds it first), so the extraction worker starts as plain JavaScript the way
 * it does in production; without a build, the TypeScript sources (the worker then also loads tsx, about 0.5 s more).
 */
async function serviceModule(): Promise<{ mod: ServiceModule; compiled: boolean }> {
  const compiled = join(process.cwd(), 'out/server/service/index.js');
  if (existsSync(compiled)) return { mod: (await import(pathToFileURL(compiled).href)) as ServiceModule, compiled: true };
  return { mod: await import('../src/service/index.js'), compiled: false };
}

async function timed(once: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await once();
  return performance.now() - started;
}

/** Uploads the PDF over real HTTP and waits for the job; each run uses a fresh data directory. */
async function processOverHttp(mod: ServiceModule, pdf: Uint8Array, provider: 'hash' | 'builtin'): Promise<{ ms: number; chunks: number }> {
  const { dataDir, env } = inProcessBenchEnv('docs', { EMBEDDINGS_PROVIDER: provider });
  const config = mod.loadConfig(env);
  const service = await mod.createService(config);
  try {
    // Listening without start(): start() would embed the seed collections in the background (a minute with the
    // built-in model), which is not what is measured here and would compete for the two cores.
    await service.http.listen({ host: '127.0.0.1', port: 0 });
    const address = service.http.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The built-in model loads on its first use (seconds); warm it so the run measures processing, not loading.
    await service.ctx.search.embeddings.embedDocuments(['warm-up']);
    const signedIn = await benchSignIn(url);
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'bench-100-pages.pdf');
    const started = performance.now();
    const response = await fetch(`${url}/api/documents/process`, { method: 'POST', body: form, headers: signedIn });
    if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    await service.ctx.documents.whenIdle();
    const ms = performance.now() - started;
    const doc = (await (await fetch(`${url}/api/documents/${id}`, { headers: signedIn })).json()) as {
      status: string;
      error: string | null;
      chunks_count: number;
    };
    if (doc.status !== 'processed') throw new Error(`document ${doc.status}: ${doc.error ?? ''}`);
    return { ms, chunks: doc.chunks_count };
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PDF processing speed on a generated 100-page manual, against text extraction alone in the same run. */
export async function run(): Promise<BenchSection> {
  const pdf = await largePdf(PAGES);
  const { mod, compiled } = await serviceModule();

  // Warm pdfjs (module load, fonts, JIT), then alternate the two in-process stages so neither gets a warmer machine.
  for (let i = 0; i < 2; i += 1) chunkBlocks(buildMarkdown(await extractPdfText(pdf)).blocks);
  const extractRuns: number[] = [];
  const layoutRuns: number[] = [];
  let chunks = 0;
  for (let i = 0; i < LOCAL_RUNS; i += 1) {
    extractRuns.push(
      await timed(async () => {
        await extractPdfText(pdf);
      }),
    );
    layoutRuns.push(
      await timed(async () => {
        chunks = chunkBlocks(buildMarkdown(await extractPdfText(pdf)).blocks).length;
      }),
    );
  }
  const extractMs = median(extractRuns);
  const layoutMs = median(layoutRuns);
  const hashRuns: number[] = [];
  for (let i = 0; i < RUNS; i += 1) hashRuns.push((await processOverHttp(mod, pdf, 'hash')).ms);
  const hashMs = median(hashRuns);
  const builtin = await processOverHttp(mod, pdf, 'builtin');

  const perSecond = (ms: number) => fmt((PAGES * 1000) / ms, 1);
  const ratio = (ms: number) => `${fmt(ms / extractMs, 2)}x`;
  const rows = [
    ['pdfjs text extraction only (baseline, main thread)', extractMs, `median of ${LOCAL_RUNS}`],
    ['+ markdown (headings, lists, tables) + chunking', layoutMs, `median of ${LOCAL_RUNS}; ${chunks} chunks`],
    ['full job over HTTP, hash embeddings: upload, worker thread, embed, store, index', hashMs, `median of ${RUNS}`],
    ['full job over HTTP, builtin embeddings (USE-lite + hashing, model warm)', builtin.ms, `1 run; ${builtin.chunks} chunks`],
  ] as const;
  const markdown = [
    `A ${PAGES}-page manual generated with pdf-lib (${fmt(pdf.length / 1024, 0)} KiB; a heading, three paragraphs and a list per page, a table every fifth page,`,
    `running header and footer). Service code: ${compiled ? 'compiled (out/server)' : 'TypeScript sources via tsx'}.`,
    '',
    '| Stage | Time (ms) | Pages/s | vs. extraction | Notes |',
    '|---|---:|---:|---:|---|',
    ...rows.map(([stage, ms, note]) => `| ${stage} | ${fmt(ms, 0)} | ${perSecond(ms)} | ${ratio(ms)} | ${note} |`),
    '',
    'The full job adds a worker thread start (pdfjs loads there so parsing never blocks the event loop), the upload, one SQLite',
    'transaction and the hnsw upsert and save. With the built-in model, embedding the chunks dominates.',
  ].join('\n');
  return { title: 'PDF processing (documents)', markdown };
}
