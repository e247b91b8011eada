import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_BY_RESTART } from '../../../src/service/features/documents/documents.jobs.js';
import { insertDocument, updateProgress } from '../../../src/service/features/documents/documents.repository.js';
import type { Document } from '../../../src/shared/api/documents.schemas.js';
import { startTestService } from '../../helpers/test-service.js';
import { getJson } from './documents-helpers.js';

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
    // What a killed process leaves behind: the row says processing, nothing else exists.
    insertDocument(first.service.ctx.db, { id, filename: 'killed.pdf', sha256: 'c'.repeat(64), sizeBytes: 1234 });
    updateProgress(first.service.ctx.db, id, { status: 'processing', progress: 0.42, pages: 7 });
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
});
