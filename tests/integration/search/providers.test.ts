import { existsSync, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBuiltinProvider } from '../../../src/service/embeddings/builtin.provider.js';
import { cosineSimilarity } from '../../../src/service/embeddings/embedding-provider.js';
import { hashEmbed } from '../../../src/service/embeddings/hash-features.js';
import { type OllamaStub, startOllamaStub } from '../../fixtures/ollama-stub/ollama-stub.js';
import type { TestService } from '../../helpers/test-service.js';
import { getJson, startSearchService } from './search-service.fixture.js';

describe('service on the ollama provider (stand-in server over a real socket)', () => {
  let stub: OllamaStub;
  let t: TestService;
  beforeAll(async () => {
    stub = await startOllamaStub();
    t = await startSearchService({ listen: true, catalogue: false, env: { EMBEDDINGS_PROVIDER: 'ollama', OLLAMA_HOST: stub.url } });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('builds the collections and answers searches through /api/embed', async () => {
    const token = await t.login();
    const stats = await getJson(t, token, '/search/stats');
    expect(stats.body).toMatchObject({ provider: 'ollama', model: 'nomic-embed-text', dimension: 768, complete: true });
    const faq = stats.body.collections.find((c: any) => c.name === 'faq_embeddings');
    expect(faq).toMatchObject({ count: 19, provider: 'ollama', model: 'nomic-embed-text' });
    const { body } = await getJson(t, token, '/api/search?q=what%20is%20400ZR&limit=3');
    expect(body.hits.map((h: any) => h.id)).toContain('what-is-400zr');
    expect(stub.calls.at(-1)?.input).toEqual(['search_query: what is 400ZR']);
    expect(stub.calls.some((c) => c.input.length > 1 && c.input.every((text) => text.startsWith('search_document: ')))).toBe(true);
  });

  it('answers 503 naming Ollama when the server is gone', async () => {
    const token = await t.login();
    await stub.close();
    const { status, body } = await getJson(t, token, '/api/search?q=anything');
    expect(status).toBe(503);
    expect(body.message).toContain('Ollama');
  });
});

describe('builtin provider (the one test that loads the bundled USE-lite model)', () => {
  it('embeds offline in a worker thread: 768-d unit vectors where a paraphrase beats an unrelated text', async () => {
    const provider = createBuiltinProvider();
    try {
      expect(provider.model).toBe('use-lite-512+hash-256-v1');
      const [doc, unrelated] = await provider.embedDocuments([
        'A BiDi transceiver sends and receives on one single fibre using two wavelengths.',
        'Broadcom announced a 51.2 Tb/s Ethernet switch chip.',
      ]);
      const query = await provider.embedQuery('transmit and receive over just one strand of glass');
      expect(query).toHaveLength(768);
      expect(Math.hypot(...query)).toBeCloseTo(1, 4);
      // The worker joins the halves: the model's, then the text's hashed features, each weighing half.
      const lexical = hashEmbed('transmit and receive over just one strand of glass', 256).map((x) => x * Math.sqrt(0.5));
      expect(Array.from(query.subarray(512))).toEqual(Array.from(lexical));
      expect(Math.hypot(...query.subarray(0, 512))).toBeCloseTo(Math.sqrt(0.5), 5);
      expect(cosineSimilarity(query, doc as Float32Array)).toBeGreaterThan(cosineSimilarity(query, unrelated as Float32Array));
    } finally {
      await provider.close();
    }
  }, 60_000);

  it('embeds documents on a pool of model workers with exactly the vectors one worker gives, and leaves no thread behind', async () => {
    // OS threads of this process (Linux): each model worker is one; closing must end them all.
    const threads = () => (existsSync('/proc/self/task') ? readdirSync('/proc/self/task').length : 0);
    // libuv starts its whole file/DNS thread pool on first use; start it now so it cannot land in the count.
    await Promise.all(Array.from({ length: 8 }, () => stat(process.cwd())));
    const before = threads();
    const single = createBuiltinProvider({ documentWorkers: 1 });
    const pool = createBuiltinProvider({ documentWorkers: 2 });
    try {
      expect(pool.parallelism).toBe(2);
      const texts = Array.from({ length: 24 }, (_, i) => `QSFP-DD 400G FR4 module ${i}: four CWDM lanes over duplex single-mode fibre, ${2 * i} km`);
      const batches = [texts.slice(0, 8), texts.slice(8, 16), texts.slice(16)];
      const one: Float32Array[] = [];
      for (const batch of batches) one.push(...(await single.embedDocuments(batch)));
      // The three batches run at once on the pool (two workers), as a bulk build sends them.
      const many = (await Promise.all(batches.map((batch) => pool.embedDocuments(batch)))).flat();
      expect(many).toHaveLength(24);
      for (const [i, vector] of one.entries()) expect(Array.from(many[i] as Float32Array), `text ${i}`).toEqual(Array.from(vector));
      expect(threads()).toBeGreaterThan(before);
    } finally {
      await Promise.all([single.close(), pool.close()]);
    }
    if (before > 0) await vi.waitFor(() => expect(threads()).toBeLessThanOrEqual(before), { timeout: 10_000, interval: 50 });
  }, 120_000);
});
