import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { l2Normalise } from '../../../src/service/embeddings/embedding-provider.js';
import { loadStoredVectors } from '../../../src/service/vector/stored-vector-loader.js';
import { openVectorCollection } from '../../../src/service/vector/vector-collection.js';
import type { StoredVector, VectorStorage } from '../../../src/service/vector/vector-storage.js';

const DIM = 24;
const identity = { provider: 'test', model: 'random-v1', dimension: DIM };

/** Deterministic pseudo-random unit vectors (xorshift), so failures reproduce. */
function stored(n: number): StoredVector[] {
  let x = 11;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) / 4294967296) * 2 - 1;
  };
  return Array.from({ length: n }, (_, i) => ({
    id: `p${String(i).padStart(5, '0')}`,
    version: `v${i}`,
    textHash: `h${i}`,
    vector: l2Normalise(Float32Array.from({ length: DIM }, next)),
    payload: { form_factor: i % 10 === 0 ? 'OSFP' : 'QSFP28' },
  }));
}

/** The two reads the loader makes of the database's vectors, over an array in id order. */
function storageOf(rows: StoredVector[]): VectorStorage {
  return {
    count: () => Promise.resolve(rows.length),
    page: (_collection, _identity, after, limit) => Promise.resolve(rows.filter((r) => after === undefined || r.id > after).slice(0, limit)),
  } as Partial<VectorStorage> as VectorStorage;
}

describe('loading stored vectors into a collection with no index on disk', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ti-load-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('builds the graph of every stored vector beside the event loop and takes it over with ids, versions and payloads', async () => {
    const rows = stored(2345);
    const dir = tempDir();
    const collection = openVectorCollection(dir, 'products', identity);
    expect(await loadStoredVectors(collection, storageOf(rows), () => false, dir)).toBe(rows.length);
    expect(collection.size()).toBe(rows.length);
    for (const i of [0, 999, 1000, 2344]) {
      const row = rows[i]!;
      expect(collection.search(row.vector, 1)[0]).toMatchObject({ id: row.id, payload: row.payload });
      expect(collection.versions().get(row.id)).toBe(row.version);
      expect(collection.textHashOf(row.id)).toBe(row.textHash);
    }
    expect(collection.search(rows[7]!.vector, 5, { form_factor: 'OSFP' }).every((hit) => hit.payload?.form_factor === 'OSFP')).toBe(true);
    // It goes on like any collection: new items take labels after the loaded ones, and nothing of the load is left.
    collection.upsert([{ ...rows[3]!, id: 'new', vector: rows[3]!.vector }]);
    expect(collection.size()).toBe(rows.length + 1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves the collection empty when stopped part-way', async () => {
    const dir = tempDir();
    const collection = openVectorCollection(dir, 'products', identity);
    let pages = 0;
    const storage = storageOf(stored(2500));
    const counting = { ...storage, page: (...args: Parameters<VectorStorage['page']>) => ((pages += 1), storage.page(...args)) };
    expect(await loadStoredVectors(collection, counting, () => pages >= 2, dir)).toBe(0);
    expect(collection.size()).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
