import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmbeddingProvider } from '../../../src/service/embeddings/embedding-provider.js';
import { createHashProvider } from '../../../src/service/embeddings/hash.provider.js';
import { buildPace } from '../../../src/service/features/search/search.service.js';
import type { CollectionSource } from '../../../src/service/vector/collection-source.js';
import { createVectorStore } from '../../../src/service/vector/vector-store.js';

const DIM = 64;

function source(rows: number): CollectionSource {
  const ids = Array.from({ length: rows }, (_, i) => `r${i}`);
  return {
    fingerprint: () => `rows-${rows}`,
    versions: () => new Map(ids.map((id) => [id, 'v1'])),
    documents: (wanted) => wanted.map((id) => ({ id, version: 'v1', text: `row ${id} text` })),
    records: () => new Map(),
  };
}

/** Hash vectors, but each batch waits until the test releases it, so the test sees how many are in flight. */
function heldProvider(parallelism: number) {
  const hash = createHashProvider(DIM);
  const waiting: Array<() => void> = [];
  let maxInFlight = 0;
  let inFlight = 0;
  const provider: EmbeddingProvider = {
    ...hash,
    name: 'held',
    parallelism,
    async embedDocuments(texts) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      return hash.embedDocuments(texts);
    },
  };
  return {
    provider,
    waiting,
    maxInFlight: () => maxInFlight,
    // Releases the later batch first: vectors must still land under their own ids.
    releaseNewestFirst() {
      for (const release of waiting.splice(0).reverse()) release();
    },
  };
}

describe('vector store build pipeline', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    { parallelism: 2, batchesInFlight: undefined, expected: 4 },
    { parallelism: 2, batchesInFlight: 1, expected: 1 },
  ])(
    'keeps two batches per model worker in flight (or as many as asked: $batchesInFlight), and stores each vector under its own id',
    async ({ parallelism, batchesInFlight, expected: depth }) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ti-pipe-'));
      dirs.push(dataDir);
      const held = heldProvider(parallelism);
      let clock = 1_000_000;
      const store = createVectorStore(['c'], {
        dataDir,
        provider: held.provider,
        logger: pino({ level: 'silent' }),
        batchSize: 4,
        ...(batchesInFlight === undefined ? {} : { batchesInFlight }),
        now: () => clock,
      });
      try {
        store.registerSource('c', source(22));
        const ticket = store.sync('c');
        expect(ticket.pending).toBe(22);
        while (store.progress('c').done < 22) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          // Released once every batch the store may send is waiting (or the last ones are).
          const left = Math.ceil((22 - store.progress('c').done) / 4);
          if (held.waiting.length > 0 && held.waiting.length === Math.min(depth, left)) {
            clock += 1000;
            held.releaseNewestFirst();
          }
        }
        await ticket.done;
        expect(held.maxInFlight()).toBe(depth);
        const expected = createHashProvider(DIM);
        const collection = store.collection('c');
        expect(collection.size()).toBe(22);
        for (const id of ['r0', 'r5', 'r9', 'r21']) {
          const [vector] = await expected.embedDocuments([`row ${id} text`]);
          expect([...(collection.vectorOf(id) ?? [])].map((v) => v.toFixed(5))).toEqual([...(vector as Float32Array)].map((v) => v.toFixed(5)));
        }
        expect(store.isComplete('c')).toBe(true);
      } finally {
        held.releaseNewestFirst();
        await store.close();
      }
    },
  );

  it('reports the pace and the time left of a running build, and nothing while idle or before the first batch', () => {
    const started = 1_000_000;
    expect(buildPace({ state: 'building', done: 300, total: 1200, startedAt: started }, started + 10_000)).toEqual({ texts_per_s: 30, eta_seconds: 30 });
    expect(buildPace({ state: 'building', done: 0, total: 1200, startedAt: started }, started + 10_000)).toEqual({ texts_per_s: null, eta_seconds: null });
    expect(buildPace({ state: 'idle', done: 1200, total: 1200, startedAt: null }, started)).toEqual({ texts_per_s: null, eta_seconds: null });
  });
});
