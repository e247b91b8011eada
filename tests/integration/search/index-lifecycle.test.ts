import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmbeddingProvider } from '../../../src/service/embeddings/embedding-provider.js';
import { createHashProvider } from '../../../src/service/embeddings/hash.provider.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { createSearchEngine } from '../../../src/service/features/search/search.engine.js';
import { collectionStats, searchAll, searchProducts } from '../../../src/service/features/search/search.service.js';
import { seedSearchContent } from '../../../src/service/features/search/seed-content.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import type { SearchTables } from '../../../src/service/db/tables/search.tables.js';
import type { CollectionSource } from '../../../src/service/vector/collection-source.js';
import { FIXTURE_PRODUCTS, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';
import { startSearchService } from './search-service.fixture.js';

const silent = pino({ level: 'silent' });

/** Waits for a condition the background build will reach (no timing assertion: only a generous upper bound). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition not reached');
}

/** Hash embeddings that stop after two batches until released, to observe a build in progress. */
function gatedProvider(): EmbeddingProvider & { release(): void; warmUps(): number } {
  const inner = createHashProvider();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  let warmUps = 0;
  return {
    ...inner,
    name: 'gated',
    async warmUp() {
      warmUps += 1;
    },
    warmUps: () => warmUps,
    async embedDocuments(texts) {
      calls += 1;
      if (calls > 2) await gate;
      return inner.embedDocuments(texts);
    },
    release,
  };
}

describe('vector index lifecycle', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reflects catalogue inserts, updates and deletes in product search', async () => {
    const t = await startSearchService();
    try {
      const { db } = t.service.ctx;
      const ctx = t.service.ctx;
      const lr4 = FIXTURE_PRODUCTS[0]!;
      const renamed = { ...lr4, name: 'Fixture 100G QSFP28 LR4 hyperscale edition' };
      const added = {
        ...FIXTURE_PRODUCTS[6]!,
        slug: 'fx-op-sfpp-er',
        part_number: 'FXO-SPP-ER',
        name: 'Fixture 10G SFP+ ER 40km zebra',
        reach_meters: 40000,
        reach_label: '40km',
        wavelengths: [1550],
      };
      const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify([renamed, added]), now: () => Date.now() + 1000 });
      expect(report.committed).toBe(true);

      const hyperscale = await searchProducts(ctx, { q: 'hyperscale edition' });
      expect(hyperscale.hits[0]?.record.slug).toBe('fx-op-qsfp28-lr4');
      expect(hyperscale.hits[0]?.title).toBe(renamed.name);
      const zebra = await searchProducts(ctx, { q: 'zebra 40km ER' });
      expect(zebra.hits[0]?.record.slug).toBe('fx-op-sfpp-er');

      await db.kysely.withTables<CatalogueTables>().deleteFrom('transceivers').where('slug', '=', 'fx-op-sfpp-er').execute();
      const after = await searchProducts(ctx, { q: 'zebra 40km ER', limit: 50 });
      expect(after.hits.some((h) => h.record.slug === 'fx-op-sfpp-er')).toBe(false);
      expect(ctx.search.vectors.collection('product_embeddings').size()).toBe(FIXTURE_PRODUCTS.length);
    } finally {
      await t.close();
    }
  });

  it('loads saved indexes on the next start without re-embedding', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ti-search-restart-'));
    dirs.push(dataDir);
    const first = await startSearchService({ dataDir });
    await first.close();

    const second = await startSearchService({ dataDir, catalogue: false });
    try {
      const vectors = second.service.ctx.search.vectors;
      for (const name of vectors.names()) expect(vectors.collection(name).loaded, name).toBe(true);
      expect(vectors.collection('news_embeddings').size()).toBe(33);
      // Nothing changed in SQLite, so no collection has anything to embed.
      for (const name of vectors.names()) expect((await second.service.ctx.search.sync(name as never)).pending, name).toBe(0);
      const stats = await collectionStats(second.service.ctx);
      expect(stats.complete).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('rebuilds with progress when the provider changes, answering from what is indexed meanwhile', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ti-search-switch-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, ...(await testDatabaseEnv(dataDir)) });
    const { db } = await openMigratedDatabase(config);
    try {
      await seedSearchContent(db, config.resourcesDir);
      await insertFixtureCatalogue(db);
      const hashEngine = createSearchEngine({ config, db, logger: silent, now: Date.now, provider: createHashProvider() });
      await hashEngine.whenIdle();
      await hashEngine.close();

      const provider = gatedProvider();
      const engine = createSearchEngine({ config, db, logger: silent, now: Date.now, provider });
      try {
        expect(engine.vectors.collection('faq_embeddings').loaded).toBe(false);
        engine.start();
        // The query model is prepared beside the build, so the first search does not wait for its load.
        expect(provider.warmUps()).toBe(1);
        await until(() => engine.vectors.progress('datasheet_chunks').done === 16);
        const stats = await collectionStats({ search: engine });
        const building = stats.collections.find((c) => c.progress.state === 'building');
        // The 8 products fit in the first batch; the 40 datasheet chunks wait at the gate after their first 16.
        expect(building?.name).toBe('datasheet_chunks');
        expect(building?.progress).toMatchObject({ done: 16, total: 40 });
        expect(building?.count).toBe(16);
        expect(stats.complete).toBe(false);

        const during = await searchAll({ search: engine }, { q: 'LR4 wavelengths', collections: 'datasheet_chunks,product_embeddings' });
        expect(during.index_complete).toBe(false);
        expect(during.incomplete_collections).toEqual(['datasheet_chunks']);
        expect(during.hits.length).toBeGreaterThan(0);
        expect(during.notice).toContain('incomplete');

        provider.release();
        await engine.whenIdle();
        const done = await collectionStats({ search: engine });
        expect(done.complete).toBe(true);
        expect(done.collections.every((c) => c.provider === 'gated' && c.count === c.source_count)).toBe(true);
        const row = await db.kysely
          .withTables<SearchTables>()
          .selectFrom('vector_collections')
          .select(['provider', 'item_count'])
          .where('name', '=', 'faq_embeddings')
          .executeTakeFirst();
        expect(row).toEqual({ provider: 'gated', item_count: 19 });
      } finally {
        provider.release();
        await engine.close();
      }
    } finally {
      await db.close();
    }
  });

  it('builds manual_chunks from a source another feature registers', async () => {
    const t = await startSearchService({ catalogue: false });
    try {
      const rows = new Map([
        ['m1#0', { text: 'Replace the fan tray before removing the line card.', version: '1' }],
        ['m1#1', { text: 'Torque the grounding lug to 5 Nm.', version: '1' }],
      ]);
      const source: CollectionSource = {
        fingerprint: async () => [...rows].map(([id, r]) => `${id}@${r.version}`).join(','),
        count: async () => rows.size,
        versions: async () => new Map([...rows].map(([id, r]) => [id, r.version])),
        documents: async (ids) => ids.map((id) => ({ id, version: rows.get(id)!.version, text: rows.get(id)!.text })),
        records: async (ids) =>
          new Map(ids.filter((id) => rows.has(id)).map((id) => [id, { title: `Manual chunk ${id}`, snippet: rows.get(id)!.text, record: { id } }])),
      };
      t.service.ctx.search.registerSource('manual_chunks', source);
      await (
        await t.service.ctx.search.sync('manual_chunks')
      ).done;
      const found = await searchAll(t.service.ctx, { q: 'grounding lug torque', collections: 'manual_chunks' });
      expect(found.hits[0]).toMatchObject({ collection: 'manual_chunks', id: 'm1#1', title: 'Manual chunk m1#1' });
      rows.delete('m1#1');
      const gone = await searchAll(t.service.ctx, { q: 'grounding lug torque', collections: 'manual_chunks' });
      expect(gone.hits.map((h) => h.id)).toEqual(['m1#0']);
    } finally {
      await t.close();
    }
  });
});
