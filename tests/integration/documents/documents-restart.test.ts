import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_BY_RESTART } from '../../../src/service/features/documents/documents.jobs.js';
import { insertDocument, updateProgress } from '../../../src/service/features/documents/documents.repository.js';
import type { Document } from '../../../src/shared/api/documents.schemas.js';
import { startTestService } from '../../helpers/test-service.js';
import { largePdf, manualPdf } from '../../fixtures/pdf/pdf-fixtures.js';
import { getJson, upload, waitForDocument } from './documents-helpers.js';

interface SearchBody {
  hits: Array<{ collection: string; record: Record<string, unknown> }>;
}

/**
 * A document a previous process left "processing" (the process was killed mid-job) cannot be resumed: its
 * upload and queue are gone. The next start marks it failed so no status claims work that is not happening.
 */
describe('documents across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-docs-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('marks a document left processing as failed, "interrupted by restart", with no chunks', async () => {
    const first = await startTestService({ dataDir, env: { EMBEDDINGS_PROVIDER: 'hash' } });
    const id = randomUUID();
    // What a killed process leaves behind: the row says processing, its heartbeat stopped long ago, nothing else exists.
    await insertDocument(
      first.service.ctx.db,
      { id, filename: 'killed.pdf', sha256: 'c'.repeat(64), sizeBytes: 1234, content: Buffer.from('%PDF-1.7') },
      { holder: randomUUID(), pid: process.pid, atIso: '2000-01-01T00:00:00.000Z' },
    );
    await updateProgress(first.service.ctx.db, id, { status: 'processing', progress: 0.42, pages: 7 });
    await first.close();

    const second = await startTestService({ dataDir, listen: true, env: { EMBEDDINGS_PROVIDER: 'hash' } });
    try {
      const token = await second.login();
      const { status, body } = await getJson<Document>(second.url, token, `/api/documents/${id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'failed', error: INTERRUPTED_BY_RESTART, chunks_count: 0, processed_at: null, pages: 7 });
      expect(body.error).toMatch(/^interrupted by restart/);
    } finally {
      await second.close();
    }
  });

  it('processes a PDF after a restart, restarts, processes another, and search finds both (indexes grow after a reload)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ti-docs-regrow-'));
    const env = { EMBEDDINGS_PROVIDER: 'hash', SEED_ON_START: 'true' };
    const processOne = async (t: Awaited<ReturnType<typeof startTestService>>, token: string, bytes: Uint8Array, name: string) => {
      const response = await upload(t.url, token, bytes, name);
      expect(response.status).toBe(202);
      const { doc } = await waitForDocument(t.url, token, ((await response.json()) as Document).id);
      expect(doc).toMatchObject({ status: 'processed', error: null });
      return doc;
    };
    const documentHits = async (t: Awaited<ReturnType<typeof startTestService>>, token: string, q: string) =>
      (await getJson<SearchBody>(t.url, token, `/search/documents?q=${encodeURIComponent(q)}&limit=5`)).body.hits
        .filter((h) => h.collection === 'manual_chunks')
        .map((h) => h.record.document_id);
    try {
      // The first run saves the chunk collection empty: no PDF yet.
      const empty = await startTestService({ dataDir: dir, listen: true, env });
      await empty.close();
      const first = await startTestService({ dataDir: dir, listen: true, env });
      const manual = await processOne(first, await first.login(), await manualPdf(), 'lr4-manual.pdf');
      await first.close();

      const second = await startTestService({ dataDir: dir, listen: true, env });
      try {
        const token = await second.login();
        const course = await processOne(second, token, await largePdf(6), 'training-course.pdf');
        expect(course.chunks_count).toBeGreaterThan(0);
        expect(await documentHits(second, token, 'LAN-WDM lane center wavelengths and ranges')).toContain(manual.id);
        expect(await documentHits(second, token, 'Chapter 4 fibre end-face inspection microscope IEC 61300-3-35')).toContain(course.id);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
