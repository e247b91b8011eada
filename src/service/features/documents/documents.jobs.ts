import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AppDatabase } from '../../db/database.js';
import type { SearchEngine } from '../search/index.js';
import { hashText } from '../../vector/build-reader.js';
import { lapsedBeforeIso, processIsRunning } from '../../scheduler/process-liveness.js';
import { moveDiskDocumentsIn } from './disk-documents.service.js';
import {
  beatHeldDocuments,
  chunkEmbeddingText,
  chunkId,
  failUnfinished,
  getDocument,
  manualChunkSource,
  markFailed,
  type ProcessingClaim,
  startProcessing,
  storeChunks,
  unfinishedDocuments,
  updateProgress,
} from './documents.repository.js';
import { DEFAULT_CHUNK_OPTIONS } from './markdown.chunker.js';
import { type ExtractJob, startExtraction } from './pdf-extract.runner.js';
import { PdfProcessingError } from './pdf-text.types.js';

/**
 * The PDF processing queue of one service: one document at a time (extraction and embedding are CPU-bound and
 * the machine is small), each as a job that reports progress on its document row and can be cancelled.
 *
 * Nothing survives the process: the queue lives in memory and the job reads the upload's temporary file (its bytes
 * are also stored with the document, for every process sharing the database, but no other process runs the job), so
 * a document that was queued or processing when its process stopped cannot be resumed. Each document carries the
 * process that holds it and a heartbeat that process refreshes; at start and at every beat, the unfinished documents
 * of processes that are gone (heartbeat lapsed, or, where every process runs on this machine, a process id that no
 * longer runs) are marked failed ("interrupted by restart") so that no status claims work that is not happening,
 * while the work of processes that are alive is left to them. The chunks are written in one transaction at the very
 * end, so an interrupted document never has partial chunks to clean up. Uploading the file again processes it from
 * the start.
 */
export const INTERRUPTED_BY_RESTART = 'interrupted by restart: the service stopped before processing finished; upload the file again';
export const INTERRUPTED_BY_SHUTDOWN = 'interrupted by shutdown: the service stopped before processing finished; upload the file again';
export const CANCELLED = 'cancelled by request';

/** Progress milestones: extraction (with markdown and chunking) to 0.5, embedding to 0.95, the store to 1. */
const EXTRACT_SHARE = 0.5;
const EMBED_END = 0.95;

export interface DocumentJobs {
  /** Where uploads wait for their job (DATA_DIR/documents/incoming). */
  readonly incomingDir: string;
  /** What a document this process is about to queue carries: this process as its holder, and the time now. */
  claim(): ProcessingClaim;
  /** Queues a stored document (or, once closed, marks it failed). */
  enqueue(id: string, path: string): Promise<void>;
  /** Cancels a queued or running document; resolves when it has stopped. False when it is not queued or running. */
  cancel(id: string): Promise<boolean>;
  /** Resolves when the queue is empty (tests, CLI). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

export interface DocumentJobsDeps {
  dataDir: string;
  db: AppDatabase;
  logger: Logger;
  search: SearchEngine;
  now(): number;
  /** Texts per embedding call (EMBEDDINGS_BATCH_SIZE). */
  batchSize: number;
  /** How often this process shows it is alive and looks for documents of processes that are gone (JOB_HEARTBEAT_MS). */
  heartbeatMs: number;
}

interface Running {
  id: string;
  cancelled: boolean;
  extraction: ExtractJob | undefined;
  done: Promise<void>;
}

export async function createDocumentJobs(deps: DocumentJobsDeps): Promise<DocumentJobs> {
  const { db, search } = deps;
  const logger = deps.logger.child({ part: 'documents' });
  const incomingDir = join(deps.dataDir, 'documents', 'incoming');
  mkdirSync(incomingDir, { recursive: true });

  const holder = randomUUID();
  const at = () => new Date(deps.now()).toISOString();
  const claim = (): ProcessingClaim => ({ holder, pid: process.pid, atIso: at() });
  /** Fails the unfinished documents of processes that are gone; answers the ids of those left to live processes. */
  const sweep = async (): Promise<Set<string>> => {
    const unfinished = await unfinishedDocuments(db);
    const goneHolders = new Set<string>();
    if (db.dialect.processesShareMachine()) {
      for (const doc of unfinished) if (doc.holder !== null && doc.pid !== null && !processIsRunning(doc.pid)) goneHolders.add(doc.holder);
    }
    const failed = await failUnfinished(
      db,
      { staleBeforeIso: lapsedBeforeIso(deps.now(), deps.heartbeatMs), goneHolders: [...goneHolders] },
      INTERRUPTED_BY_RESTART,
    );
    if (failed.length > 0) logger.warn({ documents: failed }, 'documents left unfinished by a stopped process marked failed');
    return new Set(unfinished.map((doc) => doc.id).filter((id) => !failed.includes(id)));
  };

  const live = await sweep();
  const moved = await moveDiskDocumentsIn(db, deps.dataDir, logger, live).then(
    () => true,
    (error: unknown) => {
      // Nothing moved (one transaction): the files stay for the next start, and the service answers meanwhile.
      logger.error({ err: error }, 'PDFs in the data directory could not be moved into the database; they stay on disk');
      return false;
    },
  );
  // What is left there belongs to no document (see above), but for the uploads live processes sharing this folder hold.
  if (moved) for (const name of readdirSync(incomingDir)) if (!live.has(name.replace(/\.pdf$/, ''))) rmSync(join(incomingDir, name), { force: true });

  search.registerSource('manual_chunks', manualChunkSource(db));

  const queue: Array<{ id: string; path: string }> = [];
  let running: Running | undefined;
  let closed = false;
  let idle: Promise<void> = Promise.resolve();
  let markIdle: (() => void) | undefined;

  const beat = async () => {
    if (running || queue.length > 0) await beatHeldDocuments(db, holder, at());
    await sweep();
  };
  // One beat at a time; close() waits for the one under way, so none reaches a closed database.
  let beating: Promise<void> | undefined;
  const beater = setInterval(() => {
    beating ??= beat()
      .catch((error: unknown) => logger.warn({ err: error }, 'documents heartbeat not recorded'))
      .finally(() => (beating = undefined));
  }, deps.heartbeatMs);
  beater.unref();

  const processDocument = async (job: Running, path: string): Promise<void> => {
    const doc = await getDocument(db, job.id);
    // Cancelled, deleted, or ended by a process that found this one's heartbeat lapsed, while it waited in the queue.
    if (!doc || !(await startProcessing(db, job.id, at()))) return;
    // Page progress is written one update at a time, in order; the last is awaited before the next step writes.
    let pageProgress = Promise.resolve();
    job.extraction = startExtraction({ path, chunkOptions: DEFAULT_CHUNK_OPTIONS }, (done, total) => {
      pageProgress = pageProgress
        .then(() => updateProgress(db, job.id, { progress: (EXTRACT_SHARE * done) / total, pages: total }))
        .catch((error: unknown) => logger.warn({ document: job.id, err: error }, 'document progress not recorded'));
    });
    const extracted = await job.extraction.result.finally(() => pageProgress);
    job.extraction = undefined;
    if (extracted.textChars === 0 || extracted.chunks.length === 0) {
      throw new PdfProcessingError(
        'textless',
        `The PDF has no text layer (${extracted.pages} page${extracted.pages === 1 ? '' : 's'} of images or drawings only); scanned documents need OCR first, which this service does not do`,
      );
    }
    await updateProgress(db, job.id, { progress: EXTRACT_SHARE, pages: extracted.pages });

    const texts = extracted.chunks.map((c) => chunkEmbeddingText(doc.filename, c.heading, c.text));
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += deps.batchSize) {
      if (job.cancelled || closed) throw new PdfProcessingError('cancelled', CANCELLED);
      const batch = await search.embeddings.embedDocuments(texts.slice(start, start + deps.batchSize)).catch((error: unknown) => {
        throw new PdfProcessingError(
          'internal',
          `The ${search.embeddings.name} embedding provider failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      vectors.push(...batch);
      await updateProgress(db, job.id, { progress: EXTRACT_SHARE + ((EMBED_END - EXTRACT_SHARE) * vectors.length) / texts.length });
    }
    if (job.cancelled || closed) throw new PdfProcessingError('cancelled', closed ? INTERRUPTED_BY_SHUTDOWN : CANCELLED);

    // The vectors are stored (for every process) before the chunks are committed, so a sync that reads the new
    // chunks, here or in another process, finds their vectors by text and embeds nothing again.
    const ids = extracted.chunks.map((c) => chunkId(job.id, c.idx));
    await search.vectors.store(
      'manual_chunks',
      ids.map((id, i) => ({ id, version: '', vector: vectors[i] as Float32Array, textHash: hashText(texts[i] as string) })),
    );
    const stored = await storeChunks(db, {
      documentId: job.id,
      pages: extracted.pages,
      markdown: extracted.markdown,
      chunks: extracted.chunks,
      processedAt: at(),
    });
    if (!stored) {
      logger.warn({ document: job.id }, 'document deleted or ended failed by another process while it was processed; its chunks were not stored');
      return;
    }
    const ticket = await search.sync('manual_chunks');
    await ticket.done;
    logger.info({ document: job.id, pages: extracted.pages, chunks: ids.length }, 'document processed');
  };

  const runNext = (): void => {
    const next = queue.shift();
    if (!next || closed) {
      running = undefined;
      markIdle?.();
      markIdle = undefined;
      return;
    }
    const job: Running = { id: next.id, cancelled: false, extraction: undefined, done: Promise.resolve() };
    running = job;
    job.done = processDocument(job, next.path)
      .catch(async (error: unknown) => {
        const message = closed ? INTERRUPTED_BY_SHUTDOWN : job.cancelled ? CANCELLED : error instanceof Error ? error.message : String(error);
        if (!(error instanceof PdfProcessingError) || error.reason === 'internal') logger.error({ document: job.id, err: error }, 'document processing failed');
        await markFailed(db, job.id, message).catch((failure: unknown) => {
          // The next start marks it failed (interrupted) if this could not.
          logger.error({ document: job.id, err: failure }, 'document could not be marked failed');
        });
      })
      .finally(() => {
        rmSync(next.path, { force: true });
        runNext();
      });
  };

  return {
    incomingDir,
    claim,
    async enqueue(id, path) {
      if (closed) {
        rmSync(path, { force: true });
        await markFailed(db, id, INTERRUPTED_BY_SHUTDOWN);
        return;
      }
      queue.push({ id, path });
      if (!running) {
        idle = new Promise((resolve) => (markIdle = resolve));
        runNext();
      }
    },
    async cancel(id) {
      const queued = queue.findIndex((q) => q.id === id);
      if (queued >= 0) {
        const [entry] = queue.splice(queued, 1);
        if (entry) rmSync(entry.path, { force: true });
        await markFailed(db, id, CANCELLED);
        return true;
      }
      if (running?.id !== id) return false;
      running.cancelled = true;
      running.extraction?.cancel();
      await running.done;
      return true;
    },
    whenIdle: () => idle,
    async close() {
      closed = true;
      clearInterval(beater);
      await beating;
      for (const entry of queue.splice(0)) {
        rmSync(entry.path, { force: true });
        await markFailed(db, entry.id, INTERRUPTED_BY_SHUTDOWN);
      }
      const current = running;
      if (current) {
        current.extraction?.cancel();
        await current.done;
      }
    },
  };
}
