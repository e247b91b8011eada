import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type PageText, PdfProcessingError, type TextRun } from './pdf-text.types.js';

/**
 * Reads the text layer of a PDF with pdfjs-dist's legacy build (the one meant for Node). It runs inside the
 * extraction worker thread (pdf-extract.worker.ts): pdfjs in Node uses a "fake worker" on the calling thread,
 * so parsing would otherwise block the service's event loop.
 */
interface PdfjsTextItem {
  str: string;
  transform: number[];
  width: number;
}

/** Font and CMap data ship inside the package; pointing pdfjs at them means it never fetches anything. */
function pdfjsAssets(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
    cMapUrl: `${join(root, 'cmaps')}/`,
    wasmUrl: `${join(root, 'wasm')}/`,
  };
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
/** pdfjs ships no type declarations for its worker module; only its WorkerMessageHandler export is used (by pdfjs). */
const PDFJS_WORKER_MODULE: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/**
 * Loads pdfjs with its worker code registered on globalThis.pdfjsWorker: pdfjs then uses that module directly
 * instead of import()-ing "./pdf.worker.mjs" by URL, which breaks once the service is bundled.
 */
async function loadPdfjs(): Promise<Pdfjs> {
  const holder = globalThis as { pdfjsWorker?: unknown };
  holder.pdfjsWorker ??= (await import(PDFJS_WORKER_MODULE)) as unknown;
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

function describeOpenError(error: unknown): PdfProcessingError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new PdfProcessingError('encrypted', 'The PDF is password-protected (encrypted with a user password); remove the protection and upload it again');
  }
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException') {
    const detail = error instanceof Error ? error.message : String(error);
    return new PdfProcessingError('corrupt', `The PDF is damaged and cannot be read (${detail.replace(/\.$/, '')})`);
  }
  return new PdfProcessingError('corrupt', `The PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`);
}

export interface ExtractOptions {
  onPage?(done: number, total: number): void;
  /** Checked between pages. */
  isCancelled?(): boolean;
}

/** Every page's positioned text runs. Throws PdfProcessingError (encrypted, corrupt, cancelled). */
export async function extractPdfText(bytes: Uint8Array, options: ExtractOptions = {}): Promise<PageText[]> {
  const pdfjs = await loadPdfjs();
  // pdfjs transfers (detaches) the buffer it is given, and refuses Node Buffers: hand it a private copy.
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const task = pdfjs.getDocument({ data, ...pdfjsAssets(), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  let pdf: Awaited<typeof task.promise>;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy();
    throw describeOpenError(error);
  }
  try {
    const pages: PageText[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      if (options.isCancelled?.()) throw new PdfProcessingError('cancelled', 'Processing was cancelled');
      const page = await pdf.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items as PdfjsTextItem[]) {
        if (typeof item.str !== 'string' || item.str.trim() === '') continue;
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
        // Rotated text keeps its size in the matrix's column norms; horizontal text has b = c = 0.
        runs.push({ text: item.str, x: e - x0, y: f - y0, width: item.width, size: Math.max(Math.hypot(a, b), Math.hypot(c, d)) });
      }
      pages.push({ number, width: x1 - x0, height: y1 - y0, runs });
      page.cleanup();
      options.onPage?.(number, pdf.numPages);
    }
    return pages;
  } catch (error) {
    if (error instanceof PdfProcessingError) throw error;
    throw describeOpenError(error);
  } finally {
    await pdf.destroy();
  }
}
