import { SingleBar } from 'cli-progress';
import { createHash, randomUUID } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Config } from '../../config.js';
import { runUnderProgressBar } from '../../cli-progress-run.js';
import { createService } from '../../index.js';
import { createLogger } from '../../logger.js';
import { getDocument } from './documents.repository.js';
import { admitFile } from './documents.service.js';

export const PROCESS_PDF_USAGE = 'process-pdf <file.pdf>';

const phase = (progress: number) => (progress < 0.5 ? 'extracting' : progress < 0.95 ? 'embedding ' : 'storing   ');

/**
 * `npm run cli -- process-pdf manual.pdf`: the same checks and job as POST /api/documents/process, with a
 * progress bar on stderr. Run it while the server is stopped: like the server, it marks documents left
 * unfinished in DATA_DIR as interrupted, and two processes must not write one set of vector index files.
 * Exit code 0 processed, 1 refused or failed, 2 wrong usage.
 */
export async function runProcessPdfCommand(config: Config, args: string[]): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    console.error(`Usage: npm run cli -- ${PROCESS_PDF_USAGE}`);
    return 2;
  }
  const size = await stat(file).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );
  if (size === undefined) {
    console.error(`Cannot read ${file}: no such file`);
    return 1;
  }
  if (size > config.documents.maxBytes) {
    console.error(`${file} is larger than the ${config.documents.maxBytes} byte limit (DOCUMENTS_MAX_BYTES)`);
    return 1;
  }
  const service = await createService(config, { logger: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel) });
  const bar = new SingleBar({ format: '{phase} [{bar}] {percentage}% | {pages} pages', stream: process.stderr, hideCursor: true, clearOnComplete: false });
  return runUnderProgressBar(bar, async () => {
    const bytes = await readFile(file);
    const id = randomUUID();
    const path = join(service.ctx.documents.incomingDir, `${id}.pdf`);
    await writeFile(path, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    admitFile(service.ctx, { id, filename: basename(file), path, sha256, sizeBytes: bytes.length, head: bytes.subarray(0, 1024) });
    bar.start(100, 0, { phase: phase(0), pages: '?' });
    let doc = getDocument(service.ctx.db, id);
    while (doc && (doc.status === 'queued' || doc.status === 'processing')) {
      bar.update(Math.floor(doc.progress * 100), { phase: phase(doc.progress), pages: doc.pages ?? '?' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      doc = getDocument(service.ctx.db, id);
    }
    bar.update(doc?.status === 'processed' ? 100 : Math.floor((doc?.progress ?? 0) * 100), { phase: doc?.status ?? 'gone', pages: doc?.pages ?? '?' });
    bar.stop();
    if (doc?.status !== 'processed') {
      console.error(`Failed: ${doc?.error ?? 'the document disappeared'}`);
      return 1;
    }
    console.log(`Processed ${doc.filename}: ${doc.pages ?? 0} pages, ${doc.chunks_count} chunks in manual_chunks (document ${doc.id})`);
    return 0;
  }, () => service.stop());
}
