import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { type ChunkOptions, chunkBlocks } from './markdown.chunker.js';
import { buildMarkdown } from './markdown.builder.js';
import { extractPdfText } from './pdf-text.extractor.js';
import { PdfProcessingError } from './pdf-text.types.js';
import type { ExtractReply, ExtractRequest } from './pdf-extract.runner.js';

/**
 * Worker thread for one PDF: text extraction (pdfjs), markdown and chunks. A worker per document keeps the
 * service's event loop free, isolates pdfjs from a hostile file, and makes cancelling a terminate().
 */
const port = parentPort;
if (!port) throw new Error('pdf-extract.worker must run in a worker thread');
const request = workerData as ExtractRequest;
const send = (reply: ExtractReply) => port.postMessage(reply);

async function run(path: string, chunkOptions: ChunkOptions): Promise<void> {
  const bytes = await readFile(path);
  const pages = await extractPdfText(bytes, { onPage: (done, total) => send({ type: 'progress', done, total }) });
  const { markdown, blocks, textChars } = buildMarkdown(pages);
  const chunks = chunkBlocks(blocks, chunkOptions);
  send({ type: 'result', pages: pages.length, markdown, textChars, chunks });
}

run(request.path, request.chunkOptions).catch((error: unknown) => {
  if (error instanceof PdfProcessingError) send({ type: 'error', reason: error.reason, message: error.message });
  else send({ type: 'error', reason: 'internal', message: error instanceof Error ? error.message : String(error) });
});
