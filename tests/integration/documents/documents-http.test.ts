import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document, DocumentList, DocumentMarkdown } from '../../../src/shared/api/documents.schemas.js';
import { corruptPdf, encryptedPdf, largePdf, manualPdf, pngBytes, textlessPdf } from '../../fixtures/pdf/pdf-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { getJson, upload, waitForDocument } from './documents-helpers.js';
import { countChunks } from '../../../src/service/features/documents/documents.repository.js';

interface SearchBody {
  index_complete: boolean;
  hits: Array<{ collection: string; id: string; score: number; title: string; record: Record<string, unknown> }>;
}

/** Real service, real HTTP, a real database and hnswlib; the hash embedder keeps it fast and deterministic. */
describe('documents over HTTP', () => {
  let t: TestService;
  let token: string;
  const chunkRows = (documentId: string) => countChunks(t.service.ctx.db, documentId);

  beforeAll(async () => {
    // 64 KiB limit: the manual (a few KiB) fits, the 100-page PDF (about 90 KiB) does not.
    t = await startTestService({ listen: true, env: { EMBEDDINGS_PROVIDER: 'hash', DOCUMENTS_MAX_BYTES: '65536' } });
    token = await t.login();
  });
  afterAll(async () => t?.close());

  it('answers 202 at once, processes the manual into chunks, and makes them searchable', async () => {
    const response = await upload(t.url, token, await manualPdf(), 'lr4-manual.pdf');
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as Document;
    expect(accepted.filename).toBe('lr4-manual.pdf');
    expect(['queued', 'processing']).toContain(accepted.status);
    expect(accepted.chunks_count).toBe(0);
    expect(accepted.processed_at).toBeNull();

    const { doc } = await waitForDocument(t.url, token, accepted.id);
    expect(doc).toMatchObject({ status: 'processed', pages: 2, progress: 1, error: null, chunks_count: 4 });
    expect(Date.parse(doc.processed_at ?? '')).not.toBeNaN();
    expect(await chunkRows(doc.id)).toBe(4);

    const list = await getJson<DocumentList>(t.url, token, '/api/documents?status=processed');
    expect(list.body.items.map((d) => d.id)).toContain(doc.id);

    const md = await getJson<DocumentMarkdown>(t.url, token, `/api/documents/${doc.id}/markdown`);
    expect(md.body.markdown).toContain('## 3 Installation');
    expect(md.body.markdown).toContain('| L2 | 1304.58 | 1303.54 to 1305.63 |');
    expect(md.body.markdown).toContain('- Connector: duplex LC');
    expect(md.body.markdown).toContain('2. Slide the module into the QSFP28 cage until the latch clicks.');

    const search = await getJson<SearchBody>(t.url, token, `/search/documents?q=${encodeURIComponent('LAN-WDM lane center wavelengths and ranges')}&limit=5`);
    expect(search.status).toBe(200);
    const manualHits = search.body.hits.filter((h) => h.collection === 'manual_chunks');
    expect(manualHits[0]?.record.document_id).toBe(doc.id);
    expect(manualHits[0]?.record.heading).toMatch(/Lane wavelengths$/);
    expect(t.service.ctx.search.vectors.collection('manual_chunks').size()).toBe(4);
  });

  it('refuses the same file while it is queued, processing or processed (409 naming the document)', async () => {
    const first = await getJson<DocumentList>(t.url, token, '/api/documents?status=processed');
    const response = await upload(t.url, token, await manualPdf(), 'again.pdf');
    expect(response.status).toBe(409);
    const body = (await response.json()) as { message: string; details: { document_id: string } };
    expect(first.body.items.map((d) => d.id)).toContain(body.details.document_id);
  });

  it.each([
    ['encrypted', () => encryptedPdf(), /password-protected/],
    ['corrupt', () => corruptPdf(), /damaged/],
    ['textless', () => textlessPdf(), /no text layer \(2 pages/],
  ])('a %s PDF ends failed with a clear error and no chunks', async (kind, make, message) => {
    const response = await upload(t.url, token, await make(), `${kind}.pdf`);
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as Document;
    const { doc } = await waitForDocument(t.url, token, id);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(message);
    expect(doc.chunks_count).toBe(0);
    expect(doc.processed_at).toBeNull();
    expect(await chunkRows(id)).toBe(0);
  });

  it('refuses a non-PDF at upload with 400 naming the field, and creates no document', async () => {
    const before = (await getJson<DocumentList>(t.url, token, '/api/documents')).body.total;
    const response = await upload(t.url, token, pngBytes(), 'photo.png');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^file: "photo.png" is not a PDF/);
    expect((await getJson<DocumentList>(t.url, token, '/api/documents')).body.total).toBe(before);
  });

  it('refuses an oversized upload with 413 naming the limit', async () => {
    const response = await upload(t.url, token, await largePdf(), 'big.pdf');
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/DOCUMENTS_MAX_BYTES/);
  });

  it('refuses a wrong form field, a JSON body, a form without a file and a missing token', async () => {
    const wrongField = await upload(t.url, token, await manualPdf(), 'x.pdf', 'pdf');
    expect(wrongField.status).toBe(400);
    expect(((await wrongField.json()) as { message: string }).message).toMatch(/^pdf: unexpected form field/);
    const json = await fetch(`${t.url}/api/documents/process`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toMatch(/content-type/);
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const empty = await fetch(`${t.url}/api/documents/process`, { method: 'POST', body: noFile, headers: { authorization: `Bearer ${token}` } });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toMatch(/^file: the form has no file/);
    expect((await upload(t.url, undefined, await manualPdf(), 'x.pdf')).status).toBe(401);
  });

  it('answers a malformed or truncated multipart body with 400 naming the body, and stores nothing', async () => {
    const before = (await getJson<DocumentList>(t.url, token, '/api/documents')).body.total;
    const post = (body: string, contentType = 'multipart/form-data; boundary=X') =>
      fetch(`${t.url}/api/documents/process`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
    const truncated = '--X\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut';
    for (const [body, contentType] of [
      [truncated, undefined],
      ['not a multipart body at all', undefined],
      ['x', 'multipart/form-data'],
    ] as Array<[string, string | undefined]>) {
      const response = await post(body, contentType);
      expect(response.status, body).toBe(400);
      const answer = (await response.json()) as { message: string; details: { field: string } };
      expect(answer.message).toMatch(/^body: the multipart\/form-data upload is malformed or cut short/);
      expect(answer.details.field).toBe('body');
    }
    expect((await getJson<DocumentList>(t.url, token, '/api/documents')).body.total).toBe(before);
  });

  it('answers 404 for an unknown document and 400 for an id that is not a UUID', async () => {
    expect((await getJson(t.url, token, '/api/documents/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await getJson(t.url, token, '/api/documents/not-an-id')).status).toBe(400);
  });

  it('deletes a document with its chunks and vectors', async () => {
    const list = await getJson<DocumentList>(t.url, token, '/api/documents?status=processed');
    const id = list.body.items[0]?.id as string;
    const response = await fetch(`${t.url}/api/documents/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(204);
    expect(await chunkRows(id)).toBe(0);
    expect(t.service.ctx.search.vectors.collection('manual_chunks').size()).toBe(0);
    expect((await getJson(t.url, token, `/api/documents/${id}`)).status).toBe(404);
  });
});
