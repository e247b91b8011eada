import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Document, DocumentList } from '../../../src/shared/api/documents.schemas.js';
import { manualPdf } from '../../fixtures/pdf/pdf-fixtures.js';
import { FX, FIXTURE_PRODUCTS, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { dropTestDatabase, TEST_ENGINE, testDatabaseEnv } from '../../helpers/test-database.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { getJson, upload, waitForDocument } from '../documents/documents-helpers.js';

interface SearchBody {
  hits: Array<{ collection: string; id: string; record: Record<string, unknown> }>;
}

const HEADER = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence,wavelengths,reach_meters,reach_label';

/** A service on its own data directory and the shared database, with its embedding calls counted from its start. */
async function replica(dataDir: string, env: Record<string, string>) {
  const t = await startTestService({ dataDir, env });
  const embedded = vi.spyOn(t.service.ctx.search.embeddings, 'embedDocuments');
  const { url } = await t.service.start();
  await t.service.ctx.search.whenIdle();
  return { t, url, embedded, token: await t.login() };
}
type Replica = Awaited<ReturnType<typeof replica>>;

const texts = (spy: Replica['embedded']) => spy.mock.calls.reduce((sum, [batch]) => sum + batch.length, 0);

describe.runIf(TEST_ENGINE === 'postgres')('two service processes on one PostgreSQL database', () => {
  const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'ti-replica-')));
  const [dirA, dirB, dirC] = dirs as [string, string, string];
  let env: Record<string, string>;
  let a: Replica;
  let b: Replica;
  const running: TestService[] = [];

  beforeAll(async () => {
    env = await testDatabaseEnv(dirA);
    a = await replica(dirA, env);
    running.push(a.t);
    await insertFixtureCatalogue(a.t.service.ctx.db);
    await (
      await a.t.service.ctx.search.indexProducts()
    ).done;
    b = await replica(dirB, env);
    running.push(b.t);
  });
  afterAll(async () => {
    for (const t of running) await t.close();
    await dropTestDatabase(dirA);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a replica with no index on its disk loads the stored vectors and embeds nothing', async () => {
    expect(texts(a.embedded)).toBe(FIXTURE_PRODUCTS.length);
    expect(b.t.service.ctx.search.vectors.collection('product_embeddings').size()).toBe(FIXTURE_PRODUCTS.length);
    expect(b.embedded).not.toHaveBeenCalled();
  });

  it('a product imported through A is found by semantic search through B, embedded once, by A', async () => {
    const before = texts(a.embedded);
    const response = await fetch(`${a.url}/api/import/transceivers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/csv' },
      body: `${HEADER}\n${FX.shopB},FXB-ZEPHYR-1,Zephyrine quasar tunable module,QSFP28,100,SMF,cwdm,scraped_unverified,1310,10000,10km\n`,
    });
    expect(response.status).toBe(200);
    // B follows A's stored vectors by itself, before any search on B asks for the product.
    await vi.waitFor(
      () => {
        expect(b.t.service.ctx.search.vectors.collection('product_embeddings').size()).toBe(FIXTURE_PRODUCTS.length + 1);
      },
      { timeout: 30_000, interval: 50 },
    );
    await vi.waitFor(
      async () => {
        const found = await getJson<SearchBody>(b.url, b.token, `/search/products?q=${encodeURIComponent('Zephyrine quasar tunable module')}&limit=3`);
        expect(found.body.hits[0]?.record.part_number).toBe('FXB-ZEPHYR-1');
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(texts(a.embedded) - before + texts(b.embedded)).toBe(1);
  });

  it('a PDF uploaded through A is listed, searchable and deletable through B', async () => {
    const response = await upload(a.url, a.token, await manualPdf(), 'lr4-manual.pdf');
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as Document;
    const { doc } = await waitForDocument(b.url, b.token, accepted.id);
    expect(doc).toMatchObject({ status: 'processed', chunks_count: 4 });
    expect((await getJson<DocumentList>(b.url, b.token, '/api/documents')).body.items.map((d) => d.id)).toContain(doc.id);
    const query = `/search/documents?q=${encodeURIComponent('LAN-WDM lane center wavelengths and ranges')}&limit=5`;
    await vi.waitFor(
      async () => {
        const found = await getJson<SearchBody>(b.url, b.token, query);
        expect(found.body.hits.find((h) => h.collection === 'manual_chunks')?.record.document_id).toBe(doc.id);
      },
      { timeout: 30_000, interval: 100 },
    );
    // The chunks were embedded once, by A, which processed the upload.
    expect(b.embedded).not.toHaveBeenCalled();

    expect((await fetch(`${b.url}/api/documents/${doc.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${b.token}` } })).status).toBe(204);
    expect((await getJson(a.url, a.token, `/api/documents/${doc.id}`)).status).toBe(404);
    await vi.waitFor(
      () => {
        expect(a.t.service.ctx.search.vectors.collection('manual_chunks').size()).toBe(0);
      },
      { timeout: 30_000, interval: 100 },
    );
    const after = await getJson<SearchBody>(a.url, a.token, query);
    expect(after.body.hits.filter((h) => h.collection === 'manual_chunks')).toEqual([]);
  });

  it('restarts embed nothing when nothing changed: with the index on disk, and with none', async () => {
    await b.t.close();
    running.splice(running.indexOf(b.t), 1);
    const again = await replica(dirB, env);
    running.push(again.t);
    const fresh = await replica(dirC, env);
    running.push(fresh.t);
    for (const r of [again, fresh]) {
      expect(r.embedded).not.toHaveBeenCalled();
      const found = await getJson<SearchBody>(r.url, r.token, `/search/products?q=${encodeURIComponent('Zephyrine quasar tunable module')}&limit=3`);
      expect(found.body.hits[0]?.record.part_number).toBe('FXB-ZEPHYR-1');
    }
  });
});
