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
    fingerprint: async () => `rows-${rows}`,
    count: async () => rows,
    versions: async () => new Map(ids.map((id) => [id, 'v1'])),
    documents: async (wanted) => wanted.map((id) => ({ id, version: 'v1', text: `row ${id} text` })),
    records: async () => new Map(),
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
        const ticket = await store.sync('c');
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
        expect(await store.isComplete('c')).toBe(true);
      } finally {
        held.releaseNewestFirst();
        await store.close();
      }
    },
  );

  it('keeps the vector of a row whose text is unchanged under a new version (before and after a restart), and sends only new texts, in full batches', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ti-pipe-'));
    dirs.push(dataDir);
    const hash = createHashProvider(DIM);
    const batches: string[][] = [];
    const counting: EmbeddingProvider = {
      ...hash,
      async embedDocuments(texts) {
        batches.push(texts);
        return hash.embedDocuments(texts);
      },
    };
    // 40 rows; `changed` rows get a new text, every row a new version, and row r1 a new payload with its old text.
    const rows = (version: string, changed: Set<number>): CollectionSource => {
      const doc = (i: number) => ({
        id: `r${i}`,
        version,
        text: changed.has(i) ? `row ${i} text, revised in ${version}` : `row ${i} text`,
        payload: { form_factor: i === 1 && version !== 'v1' ? 'OSFP' : 'QSFP28' },
      });
      return {
        fingerprint: async () => `${version}-${[...changed].join(',')}`,
        count: async () => 40,
        versions: async () => new Map(Array.from({ length: 40 }, (_, i) => [`r${i}`, version])),
        documents: async (ids) => ids.map((id) => doc(Number(id.slice(1)))),
        records: async () => new Map(),
      };
    };
    const open = () =>
      createVectorStore(['c'], { dataDir, provider: counting, logger: pino({ level: 'silent' }), batchSize: 4, batchesInFlight: 2, now: Date.now });
    let store = open();
    store.registerSource('c', rows('v1', new Set()));
    await (
      await store.sync('c')
    ).done;
    expect(batches.flat()).toHaveLength(40);
    const before = new Map(
      store
        .collection('c')
        .ids()
        .map((id) => [id, [...(store.collection('c').vectorOf(id) ?? [])]]),
    );

    batches.length = 0;
    const changed = new Set([3, 7, 8, 21, 22, 30]);
    store.registerSource('c', rows('v2', changed));
    const ticket = await store.sync('c');
    expect(ticket.pending).toBe(40);
    await ticket.done;
    // Only the six new texts reached the model, cut into full batches of four (the last one what was left).
    expect(batches.map((b) => b.length)).toEqual([4, 2]);
    expect(batches.flat()).toEqual([...changed].map((i) => `row ${i} text, revised in v2`));
    const c = store.collection('c');
    expect([...c.versions().values()].every((v) => v === 'v2')).toBe(true);
    for (const [id, vector] of before) {
      const now = [...(c.vectorOf(id) ?? [])];
      if (changed.has(Number(id.slice(1)))) expect(now).not.toEqual(vector);
      else expect(now).toEqual(vector);
    }
    // The kept row follows its new payload into the filter.
    expect(c.search(Float32Array.from(before.get('r1')!), 5, { form_factor: 'OSFP' }).map((h) => h.id)).toEqual(['r1']);
    expect(store.progress('c')).toMatchObject({ state: 'idle', done: 40, total: 40 });
    await store.close();

    // The text hashes are saved with the index: after a restart a re-import of the same texts embeds nothing.
    batches.length = 0;
    store = open();
    store.registerSource('c', {
      ...rows('v3', changed),
      documents: async (ids) => (await rows('v2', changed).documents(ids)).map((d) => ({ ...d, version: 'v3' })),
    });
    await (
      await store.sync('c')
    ).done;
    expect(batches).toEqual([]);
    expect([...store.collection('c').versions().values()].every((v) => v === 'v3')).toBe(true);
    await store.close();
  });

  it('gives syncs asked for while the source is being compared the same plan and build, and checks again after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ti-pipe-'));
    dirs.push(dataDir);
    let reads = 0;
    let answer: () => void = () => {};
    const slow: CollectionSource = {
      ...source(6),
      fingerprint: async () => {
        reads += 1;
        // The first comparison waits until the test lets it go, so the other syncs arrive meanwhile.
        if (reads === 1) await new Promise<void>((resolve) => (answer = resolve));
        return 'rows-6';
      },
    };
    const store = createVectorStore(['c'], { dataDir, provider: createHashProvider(DIM), logger: pino({ level: 'silent' }), batchSize: 4, now: Date.now });
    try {
      store.registerSource('c', slow);
      const tickets = [store.sync('c'), store.sync('c'), store.sync('c')];
      await new Promise((resolve) => setImmediate(resolve));
      answer();
      const [first, second, third] = await Promise.all(tickets);
      expect(first).toMatchObject({ pending: 6, started: true });
      expect(second).toMatchObject({ pending: 6, started: true });
      expect(third?.done).toBe(first?.done);
      await first?.done;
      expect(store.collection('c').size()).toBe(6);
      // The rows may have changed after the first comparison read them: one more comparison ran, and found nothing.
      await (
        await store.sync('c')
      ).done;
      expect(reads).toBeGreaterThanOrEqual(2);
      expect(await store.isComplete('c')).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('reports the pace and the time left of a running build, and nothing while idle or before the first batch', () => {
    const started = 1_000_000;
    expect(buildPace({ state: 'building', done: 300, total: 1200, startedAt: started }, started + 10_000)).toEqual({ texts_per_s: 30, eta_seconds: 30 });
    expect(buildPace({ state: 'building', done: 0, total: 1200, startedAt: started }, started + 10_000)).toEqual({ texts_per_s: null, eta_seconds: null });
    expect(buildPace({ state: 'idle', done: 1200, total: 1200, startedAt: null }, started)).toEqual({ texts_per_s: null, eta_seconds: null });
  });
});
