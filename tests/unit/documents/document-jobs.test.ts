import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../../src/service/context.js';
import { EMBEDDING_DIMENSION, type EmbeddingProvider } from '../../../src/service/embeddings/embedding-provider.js';
import { createHashProvider } from '../../../src/service/embeddings/hash.provider.js';
import {
  CANCELLED,
  createDocumentJobs,
  type DocumentJobs,
  INTERRUPTED_BY_RESTART,
  INTERRUPTED_BY_SHUTDOWN,
} from '../../../src/service/features/documents/documents.jobs.js';
import { countChunks, getDocument, insertDocument, updateProgress } from '../../../src/service/features/documents/documents.repository.js';
import { admitFile } from '../../../src/service/features/documents/documents.service.js';
import { createSearchEngine, type SearchEngine } from '../../../src/service/features/search/search.engine.js';
import { type AppDatabase } from '../../../src/service/db/database.js';
import { loadConfig, openMigratedDatabase, type Config } from '../../../src/service/index.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';
import { createLogger } from '../../../src/service/logger.js';
import { largePdf, manualPdf } from '../../fixtures/pdf/pdf-fixtures.js';

/** The hash embedder behind a gate: embedding waits until the test opens it, so "processing" can be observed. */
function gatedProvider(): EmbeddingProvider & { open(): void; fail: boolean } {
  const inner = createHashProvider();
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const provider = {
    ...inner,
    name: 'gated-hash',
    dimension: EMBEDDING_DIMENSION,
    fail: false,
    open: () => open(),
    async embedDocuments(texts: string[]) {
      await gate;
      if (provider.fail) throw new Error('connection refused');
      return inner.embedDocuments(texts);
    },
  };
  return provider;
}

/** Short beats, so a heartbeat lapses (four beats) within a test. */
const HEARTBEAT_MS = 250;

describe('document jobs', () => {
  let dataDir: string;
  let config: Config;
  let db: AppDatabase;
  let provider: ReturnType<typeof gatedProvider>;
  let search: SearchEngine;
  let jobs: DocumentJobs;
  const logger = createLogger('silent');
  const ctx = (): Pick<ServiceContext, 'db' | 'config' | 'documents' | 'search'> => ({ db, config, documents: jobs, search });

  const admit = async (bytes: Uint8Array, filename: string) => {
    const id = randomUUID();
    const path = join(jobs.incomingDir, `${id}.pdf`);
    writeFileSync(path, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { doc: await admitFile(ctx(), { id, filename, path, sha256, sizeBytes: bytes.length, head: bytes.subarray(0, 1024) }), path };
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 400 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await check()).toBe(true);
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-docjobs-'));
    config = loadConfig({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'hash', LOG_LEVEL: 'silent', ...(await testDatabaseEnv(dataDir)) });
    db = (await openMigratedDatabase(config)).db;
    provider = gatedProvider();
    search = createSearchEngine({ config, db, logger, now: Date.now, provider });
    jobs = await createDocumentJobs({ dataDir, db, logger, search, now: Date.now, batchSize: 2, heartbeatMs: HEARTBEAT_MS });
  });
  afterEach(async () => {
    provider.open();
    await jobs.close();
    await search.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('processes one document at a time and cancels a queued and a running one, leaving no chunks', async () => {
    const a = await admit(await manualPdf(), 'a.pdf');
    const b = await admit(await largePdf(3), 'b.pdf');
    // a reaches embedding (progress 0.5) and waits at the gate; b waits in the queue.
    await until(async () => ((await getDocument(db, a.doc.id))?.progress ?? 0) >= 0.5);
    expect(await getDocument(db, a.doc.id)).toMatchObject({ status: 'processing', pages: 2 });
    expect((await getDocument(db, b.doc.id))?.status).toBe('queued');

    expect(await jobs.cancel(b.doc.id)).toBe(true);
    expect(await getDocument(db, b.doc.id)).toMatchObject({ status: 'failed', error: CANCELLED });
    expect(existsSync(b.path)).toBe(false);

    const cancelling = jobs.cancel(a.doc.id);
    provider.open();
    expect(await cancelling).toBe(true);
    expect(await getDocument(db, a.doc.id)).toMatchObject({ status: 'failed', error: CANCELLED, chunks_count: 0 });
    expect(await countChunks(db, a.doc.id)).toBe(0);
    expect(search.vectors.collection('manual_chunks').size()).toBe(0);
    expect(existsSync(a.path)).toBe(false);
    expect(await jobs.cancel(a.doc.id)).toBe(false);
  });

  it('stores every chunk and its vector once embedding finishes', async () => {
    provider.open();
    const { doc } = await admit(await manualPdf(), 'a.pdf');
    await jobs.whenIdle();
    expect(await getDocument(db, doc.id)).toMatchObject({ status: 'processed', chunks_count: 4, progress: 1 });
    expect(await countChunks(db, doc.id)).toBe(4);
    expect(search.vectors.collection('manual_chunks').size()).toBe(4);
    expect(await search.vectors.isComplete('manual_chunks')).toBe(true);
  });

  it('fails the document with the provider error and stores nothing when embedding fails', async () => {
    provider.fail = true;
    provider.open();
    const { doc } = await admit(await manualPdf(), 'a.pdf');
    await jobs.whenIdle();
    const failed = await getDocument(db, doc.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/gated-hash embedding provider failed: connection refused/);
    expect(await countChunks(db, doc.id)).toBe(0);
  });

  it('marks the running document failed on shutdown', async () => {
    const { doc } = await admit(await manualPdf(), 'a.pdf');
    await until(async () => ((await getDocument(db, doc.id))?.progress ?? 0) >= 0.5);
    const closing = jobs.close();
    provider.open();
    await closing;
    expect(await getDocument(db, doc.id)).toMatchObject({ status: 'failed', error: INTERRUPTED_BY_SHUTDOWN });
    expect(await countChunks(db, doc.id)).toBe(0);
  });

  /** A document as a process holds it: `holder`, its pid and its last beat at `atMs`, left queued or (with `progress`) processing. */
  const leftBehind = async (holder: { pid: number; atMs: number }, progress?: number) => {
    const id = randomUUID();
    const claim = { holder: randomUUID(), pid: holder.pid, atIso: new Date(holder.atMs).toISOString() };
    await insertDocument(
      db,
      { id, filename: `${id}.pdf`, sha256: createHash('sha256').update(id).digest('hex'), sizeBytes: 10, content: Buffer.from('%PDF-1.7') },
      claim,
    );
    if (progress !== undefined) await updateProgress(db, id, { status: 'processing', progress });
    writeFileSync(join(jobs.incomingDir, `${id}.pdf`), '%PDF-1.7');
    return id;
  };
  const restart = async () => {
    await jobs.close();
    jobs = await createDocumentJobs({ dataDir, db, logger, search, now: Date.now, batchSize: 2, heartbeatMs: HEARTBEAT_MS });
  };

  it('marks documents a stopped process left queued or processing as failed ("interrupted by restart") at start, and clears their uploads', async () => {
    // Heartbeats that lapsed long ago, from a process that looks alive (ours): only the lapse says it stopped.
    const lapsed = Date.now() - 10 * 4 * HEARTBEAT_MS;
    const processing = await leftBehind({ pid: process.pid, atMs: lapsed }, 0.3);
    const queued = await leftBehind({ pid: process.pid, atMs: lapsed });
    await restart();
    for (const id of [processing, queued]) expect(await getDocument(db, id)).toMatchObject({ status: 'failed', error: INTERRUPTED_BY_RESTART });
    expect(readdirSync(jobs.incomingDir)).toEqual([]);
  });

  it('on one machine, fails at start the documents of a process that no longer runs, whatever their heartbeat says', async () => {
    const exited = spawnSync(process.execPath, ['-e', '']);
    const processing = await leftBehind({ pid: exited.pid, atMs: Date.now() }, 0.5);
    await restart();
    expect(await getDocument(db, processing)).toMatchObject({ status: 'failed', error: INTERRUPTED_BY_RESTART });
  });

  it('leaves the documents of a live process alone at start, uploads included, and fails them once their heartbeat lapses', async () => {
    const held = await leftBehind({ pid: process.pid, atMs: Date.now() }, 0.5);
    await restart();
    expect(await getDocument(db, held)).toMatchObject({ status: 'processing', error: null });
    expect(readdirSync(jobs.incomingDir)).toEqual([`${held}.pdf`]);
    // Nothing beats for it (its holder is no process's): a later sweep ends it.
    await until(async () => (await getDocument(db, held))?.status === 'failed');
    expect(await getDocument(db, held)).toMatchObject({ error: INTERRUPTED_BY_RESTART, chunks_count: 0 });
  });

  it('beats for the documents it holds while they wait and run, so its own sweeps leave them alone', async () => {
    const a = await admit(await manualPdf(), 'a.pdf');
    const b = await admit(await largePdf(3), 'b.pdf');
    await until(async () => ((await getDocument(db, a.doc.id))?.progress ?? 0) >= 0.5);
    // Without beats, a document older than the lapse is ended by the sweep at each beat; one stand-in shows a sweep ran after it.
    const stranger = await leftBehind({ pid: process.pid, atMs: Date.now() });
    await until(async () => (await getDocument(db, stranger))?.status === 'failed');
    expect((await getDocument(db, a.doc.id))?.status).toBe('processing');
    expect((await getDocument(db, b.doc.id))?.status).toBe('queued');
    provider.open();
    await jobs.whenIdle();
    for (const { doc } of [a, b]) expect((await getDocument(db, doc.id))?.status).toBe('processed');
  });
});
