import { Worker } from 'node:worker_threads';
import { spawnWorker, type WorkerScript, workerScript } from '../../workers/worker-script.js';
import type { ChunkOptions } from './markdown.chunker.js';
import { type Chunk, type PdfFailure, PdfProcessingError } from './pdf-text.types.js';

export interface ExtractRequest {
  path: string;
  chunkOptions: ChunkOptions;
}

export type ExtractReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; pages: number; markdown: string; textChars: number; chunks: Chunk[] }
  | { type: 'error'; reason: PdfFailure; message: string };

const WORKER_HEAP_MB = 1024;

export type ExtractResult = Extract<ExtractReply, { type: 'result' }>;

export interface ExtractJob {
  result: Promise<ExtractResult>;
  /** Terminates the worker; result rejects with a 'cancelled' PdfProcessingError. */
  cancel(): void;
}

/** One short-lived worker per file (cancel = terminate), unlike the embedding worker's long-lived request runner. */
function spawn(script: WorkerScript, data: ExtractRequest): Worker {
  // A hostile or huge PDF can exhaust this worker's heap; the limit ends the worker (document failed), not the service.
  return spawnWorker(script, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
}

/** Runs pdf-extract.worker on one file in its own worker thread, reporting pages read. */
export function startExtraction(request: ExtractRequest, onProgress: (done: number, total: number) => void): ExtractJob {
  const worker = spawn(workerScript(import.meta.url, 'pdf-extract.worker'), request);
  let cancelled = false;
  let settled = false;
  const result = new Promise<ExtractResult>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on('message', (reply: ExtractReply) => {
      if (reply.type === 'progress') onProgress(reply.done, reply.total);
      else if (reply.type === 'result') finish(() => resolve(reply));
      else finish(() => reject(new PdfProcessingError(reply.reason, reply.message)));
    });
    worker.on('error', (error) => finish(() => reject(new PdfProcessingError('internal', `PDF extraction failed: ${error.message}`))));
    worker.on('exit', (code) => {
      finish(() =>
        reject(
          cancelled
            ? new PdfProcessingError('cancelled', 'Processing was cancelled')
            : new PdfProcessingError('internal', `PDF extraction stopped unexpectedly (worker exit code ${code})`),
        ),
      );
    });
  });
  return {
    result,
    cancel() {
      cancelled = true;
      void worker.terminate();
    },
  };
}
