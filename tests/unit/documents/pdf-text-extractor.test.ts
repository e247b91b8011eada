import { describe, expect, it } from 'vitest';
import { buildMarkdown } from '../../../src/service/features/documents/markdown.builder.js';
import { extractPdfText } from '../../../src/service/features/documents/pdf-text.extractor.js';
import { PdfProcessingError } from '../../../src/service/features/documents/pdf-text.types.js';
import { hasPdfHeader } from '../../../src/service/features/documents/documents.service.js';
import { corruptPdf, encryptedPdf, largePdf, manualPdf, pngBytes, textlessPdf } from '../../fixtures/pdf/pdf-fixtures.js';

async function failure(bytes: Uint8Array): Promise<PdfProcessingError> {
  const error = await extractPdfText(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PdfProcessingError)) throw new Error(`expected a PdfProcessingError, got ${String(error)}`);
  return error;
}

/** pdfjs on the generated fixtures, on this thread (the service runs the same code in a worker thread). */
describe('extractPdfText', () => {
  it('reads positioned runs with font sizes from every page and reports progress per page', async () => {
    const progress: Array<[number, number]> = [];
    const pages = await extractPdfText(await manualPdf(), { onPage: (done, total) => progress.push([done, total]) });
    expect(pages.map((p) => [p.number, p.width, p.height])).toEqual([
      [1, 595, 842],
      [2, 595, 842],
    ]);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const title = pages[0]!.runs.find((r) => r.text.startsWith('QSFP28 100GBASE-LR4'));
    expect(title?.size).toBe(21);
    expect(pages[0]!.runs.find((r) => r.text === 'L3')?.size).toBe(10.5);
  });

  it('turns the 100-page manual into chapters without its running header and footer', async () => {
    const { blocks, markdown } = buildMarkdown(await extractPdfText(await largePdf()));
    expect(blocks.filter((b) => b.kind === 'heading')).toHaveLength(100);
    expect(blocks.filter((b) => b.kind === 'table')).toHaveLength(20);
    expect(markdown).not.toMatch(/Page \d+ of 100|Optical Module Training Course/);
  });

  it('reports a password-protected PDF as encrypted', async () => {
    const error = await failure(encryptedPdf());
    expect(error.reason).toBe('encrypted');
    expect(error.message).toMatch(/password-protected/);
  });

  it('reports a damaged PDF as corrupt', async () => {
    expect((await failure(corruptPdf())).reason).toBe('corrupt');
    const whole = await manualPdf();
    expect((await failure(whole.subarray(0, Math.floor(whole.length / 3)))).reason).toBe('corrupt');
  });

  it('finds no text in a PDF of drawings only', async () => {
    const pages = await extractPdfText(await textlessPdf());
    expect(pages).toHaveLength(2);
    expect(buildMarkdown(pages).textChars).toBe(0);
  });

  it('leaves the caller’s bytes usable (pdfjs detaches the buffer it is given)', async () => {
    const bytes = await manualPdf();
    await extractPdfText(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(hasPdfHeader(bytes)).toBe(true);
  });
});

describe('hasPdfHeader', () => {
  it('accepts %PDF- within the first 1024 bytes and nothing else', () => {
    expect(hasPdfHeader(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(hasPdfHeader(Buffer.concat([Buffer.alloc(100, 32), Buffer.from('%PDF-1.4')]))).toBe(true);
    expect(hasPdfHeader(Buffer.concat([Buffer.alloc(1100, 32), Buffer.from('%PDF-1.4')]))).toBe(false);
    expect(hasPdfHeader(pngBytes())).toBe(false);
  });
});
