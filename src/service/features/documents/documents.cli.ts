import { SingleBar } from 'cli-progress';
import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { runUnderProgressBar } from '../../cli-progress-run.js';
import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import { admitLocalFile, type DocumentsCtx, requireDocument } from './documents.service.js';

export const PROCESS_PDF_USAGE = 'process-pdf <file.pdf>';

/** How often the bar reads the document's progress row. */
const POLL_MS = 100;

export interface ProcessPdfDeps {
  streams: CliStreams;
  /** A built (not listening) service's documents parts; the caller stops the service afterwards. */
  withDocuments: Lend<DocumentsCtx>;
}

const phase = (progress: number) => (progress < 0.5 ? 'extracting' : progress < 0.95 ? 'embedding ' : 'storing   ');

/**
 * `npm run cli -- process-pdf manual.pdf`: the same admission (PDF check, size limit, duplicate) and job as
 * POST /api/documents/process, with a progress bar on stderr. Run it while the server is stopped: two processes must
 * not write one set of vector index files. Exit code 0 processed, 1 refused or failed, 2 wrong usage.
 */
export async function runProcessPdfCommand(args: string[], deps: ProcessPdfDeps): Promise<ExitCode> {
  const { stdout, stderr } = deps.streams;
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    stderr.write(`Usage: npm run cli -- ${PROCESS_PDF_USAGE}\n`);
    return 2;
  }
  // A mistyped name should not cost a service start; every other check is the service's.
  if (
    !(await stat(file).then(
      (s) => s.isFile(),
      () => false,
    ))
  ) {
    stderr.write(`Cannot read ${file}: no such file\n`);
    return 1;
  }
  return deps.withDocuments(async (ctx) => {
    const bar = new SingleBar({ format: '{phase} [{bar}] {percentage}% | {pages} pages', stream: stderr, hideCursor: true, clearOnComplete: false });
    return runUnderProgressBar(bar, stderr, async () => {
      const admitted = await admitLocalFile(ctx, file);
      bar.start(100, 0, { phase: phase(0), pages: '?' });
      let doc = await requireDocument(ctx, admitted.id);
      while (doc.status === 'queued' || doc.status === 'processing') {
        bar.update(Math.floor(doc.progress * 100), { phase: phase(doc.progress), pages: doc.pages ?? '?' });
        await sleep(POLL_MS);
        doc = await requireDocument(ctx, admitted.id);
      }
      bar.update(doc.status === 'processed' ? 100 : Math.floor(doc.progress * 100), { phase: doc.status, pages: doc.pages ?? '?' });
      bar.stop();
      if (doc.status !== 'processed') {
        stderr.write(`Failed: ${doc.error ?? 'unknown error'}\n`);
        return 1;
      }
      stdout.write(`Processed ${doc.filename}: ${doc.pages ?? 0} pages, ${doc.chunks_count} chunks in manual_chunks (document ${doc.id})\n`);
      return 0;
    });
  });
}
