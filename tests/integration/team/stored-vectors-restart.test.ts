import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_PRODUCTS, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { dropTestDatabase, TEST_ENGINE } from '../../helpers/test-database.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** Starts the service on `dataDir`, counting the texts it embeds from its start until its collections are current. */
async function started(dataDir: string): Promise<{ t: TestService; embedded: () => number }> {
  const t = await startTestService({ dataDir });
  const spy = vi.spyOn(t.service.ctx.search.embeddings, 'embedDocuments');
  t.service.ctx.search.start();
  await t.service.ctx.search.whenIdle();
  return { t, embedded: () => spy.mock.calls.reduce((sum, [batch]) => sum + batch.length, 0) };
}

describe(`vectors are stored in the ${TEST_ENGINE} database and loaded on start instead of embedded again`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-stored-vectors-'));
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  });

  it('embeds each product once; a restart embeds nothing, with its index files and without them', async () => {
    let run = await started(dataDir);
    await insertFixtureCatalogue(run.t.service.ctx.db);
    await (
      await run.t.service.ctx.search.indexProducts()
    ).done;
    expect(run.embedded()).toBe(FIXTURE_PRODUCTS.length);
    await run.t.close();

    run = await started(dataDir);
    expect(run.embedded()).toBe(0);
    expect(run.t.service.ctx.search.vectors.collection('product_embeddings').size()).toBe(FIXTURE_PRODUCTS.length);
    await run.t.close();

    // A new disk (another host, a wiped data directory): the vectors come from the database.
    rmSync(join(dataDir, 'vectors'), { recursive: true, force: true });
    run = await started(dataDir);
    expect(run.embedded()).toBe(0);
    const products = run.t.service.ctx.search.vectors.collection('product_embeddings');
    expect(products.loaded).toBe(false);
    expect(products.size()).toBe(FIXTURE_PRODUCTS.length);
    const hits = await run.t.service.http.inject({
      method: 'GET',
      url: `/search/products?q=${encodeURIComponent(FIXTURE_PRODUCTS[0]?.name ?? '')}&limit=1`,
      headers: { authorization: `Bearer ${await run.t.login()}` },
    });
    expect((hits.json() as { hits: Array<{ record: { part_number: string } }> }).hits[0]?.record.part_number).toBe(FIXTURE_PRODUCTS[0]?.part_number);
    await run.t.close();
  });
});
