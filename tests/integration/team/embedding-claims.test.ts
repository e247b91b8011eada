import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHashProvider } from '../../../src/service/embeddings/hash.provider.js';
import { storedEmbeddings } from '../../../src/service/features/search/stored-embeddings.repository.js';
import type { CollectionSource } from '../../../src/service/vector/collection-source.js';
import { createVectorStore, type VectorStore } from '../../../src/service/vector/vector-store.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';

const ROWS = 100;
const source: CollectionSource = {
  fingerprint: async () => `rows-${ROWS}`,
  count: async () => ROWS,
  versions: async () => new Map(Array.from({ length: ROWS }, (_, i) => [`r${i}`, 'v1'])),
  documents: async (ids) => ids.map((id) => ({ id, version: 'v1', text: `row ${id} text` })),
  records: async () => new Map(),
};

const dataDirs: string[] = [];

/** A process's vector store on its own data directory and the shared database, with its embedded texts counted. */
function processStore(database: MigratedTestDatabase, holder: string, claimTtlMs: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-claims-'));
  dataDirs.push(dataDir);
  const provider = createHashProvider();
  const embed = vi.spyOn(provider, 'embedDocuments');
  const store = createVectorStore(['faq_embeddings'], {
    dataDir,
    provider,
    logger: pino({ level: 'silent' }),
    batchSize: 8,
    now: Date.now,
    storage: storedEmbeddings(database.db),
    holder,
    claimTtlMs,
  });
  store.registerSource('faq_embeddings', source);
  return { store, embedded: () => embed.mock.calls.reduce((sum, [batch]) => sum + batch.length, 0) };
}

const size = (store: VectorStore) => store.collection('faq_embeddings').size();

describe(`the claim on a collection's embedding work (${TEST_ENGINE})`, () => {
  let database: MigratedTestDatabase;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('ti-claims-db-');
  });
  afterAll(async () => {
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('two processes building at once embed every row once between them; the one without the claim takes the stored vectors', async () => {
    const a = processStore(database, 'a', 30_000);
    const b = processStore(database, 'b', 30_000);
    const [ta, tb] = await Promise.all([a.store.sync('faq_embeddings'), b.store.sync('faq_embeddings')]);
    await Promise.all([ta.done, tb.done]);
    // Whichever process did not hold the claim syncs again when told of the change (here: asked directly).
    for (const p of [a, b]) await (await p.store.sync('faq_embeddings')).done;
    expect(a.embedded() + b.embedded()).toBe(ROWS);
    expect([size(a.store), size(b.store)]).toEqual([ROWS, ROWS]);
    await Promise.all([a.store.close(), b.store.close()]);
  });

  it('a claim whose holder died lapses and another process takes the work over', async () => {
    const storage = storedEmbeddings(database.db);
    await storage.remove(
      'faq_embeddings',
      { provider: 'hash', model: 'feature-hash-v1', dimension: 768 },
      Array.from({ length: ROWS }, (_, i) => `r${i}`),
    );
    const lapse = 300;
    expect(await storage.claim('faq_embeddings', 'dead', Date.now() + lapse, Date.now())).toBe(true);
    const c = processStore(database, 'c', lapse);
    await (
      await c.store.sync('faq_embeddings')
    ).done;
    expect(c.embedded()).toBe(0);
    await vi.waitFor(() => expect(size(c.store)).toBe(ROWS), { timeout: 20_000, interval: 50 });
    expect(c.embedded()).toBe(ROWS);
    await c.store.close();
  });
});
