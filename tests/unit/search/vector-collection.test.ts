import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { l2Normalise } from '../../../src/service/embeddings/embedding-provider.js';
import { collectionFiles, openVectorCollection, type VectorItem } from '../../../src/service/vector/vector-collection.js';

const DIM = 32;
const identity = { provider: 'test', model: 'random-v1', dimension: DIM };

/** Deterministic pseudo-random unit vectors (xorshift), so failures reproduce. */
function vectors(n: number, seed = 7): Float32Array[] {
  let x = seed;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) / 4294967296) * 2 - 1;
  };
  return Array.from({ length: n }, () => l2Normalise(Float32Array.from({ length: DIM }, next)));
}

function items(n: number): VectorItem[] {
  return vectors(n).map((vector, i) => ({
    id: `p${i}`,
    version: 'v1',
    vector,
    payload: { form_factor: i % 10 === 0 ? 'OSFP' : 'QSFP28', speed_gbps: i % 10 === 0 ? 800 : 100 },
  }));
}

describe('vector collection', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ti-vec-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('finds an item by its own vector, grows past its initial capacity, and replaces vectors in place', () => {
    const c = openVectorCollection(tempDir(), 'products', identity);
    const all = items(600);
    c.upsert(all);
    expect(c.size()).toBe(600);
    expect(c.search(all[123]!.vector, 1)[0]).toMatchObject({ id: 'p123' });
    c.upsert([{ ...all[123]!, vector: all[5]!.vector, version: 'v2' }]);
    expect(c.size()).toBe(600);
    expect(c.versions().get('p123')).toBe('v2');
    expect(
      c
        .search(all[5]!.vector, 2)
        .map((h) => h.id)
        .sort(),
    ).toEqual(['p123', 'p5']);
  });

  it('applies the payload filter: k hits come back whenever k items pass', () => {
    const c = openVectorCollection(tempDir(), 'products', identity);
    c.upsert(items(1000));
    // 100 of 1000 items are OSFP; an unfiltered top-20 would hold about 2 of them.
    const hits = c.search(vectors(1, 99)[0]!, 20, { form_factor: 'OSFP' });
    expect(hits).toHaveLength(20);
    expect(hits.every((h) => h.payload?.form_factor === 'OSFP')).toBe(true);
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(c.search(vectors(1, 99)[0]!, 5, { speed_gbps: 1600 })).toEqual([]);
  });

  it('drops removed items from results and reuses their slots', () => {
    const c = openVectorCollection(tempDir(), 'faq', identity);
    const all = items(50);
    c.upsert(all);
    c.remove(['p7', 'p8', 'missing']);
    expect(c.size()).toBe(48);
    expect(c.search(all[7]!.vector, 48).some((h) => h.id === 'p7' || h.id === 'p8')).toBe(false);
    c.upsert([{ id: 'new', version: 'v1', vector: all[7]!.vector }]);
    expect(c.search(all[7]!.vector, 1)[0]?.id).toBe('new');
  });

  it('saves and loads the index, ids, versions and payloads; another identity starts empty', async () => {
    const dir = tempDir();
    const all = items(300);
    const first = openVectorCollection(dir, 'news', identity);
    first.upsert(all);
    first.remove(['p1']);
    first.markBuilt({ builtAt: '2026-01-01T00:00:00.000Z', buildMs: 12, sourceFingerprint: '300|x' });
    await first.save();
    expect(first.fileBytes()).toBeGreaterThan(300 * DIM * 4);

    const again = openVectorCollection(dir, 'news', identity);
    expect(again.loaded).toBe(true);
    expect(again.size()).toBe(299);
    expect(again.meta()).toEqual({ builtAt: '2026-01-01T00:00:00.000Z', buildMs: 12, sourceFingerprint: '300|x' });
    expect(again.search(all[42]!.vector, 1)[0]).toMatchObject({ id: 'p42', payload: { form_factor: 'QSFP28', speed_gbps: 100 } });
    expect(again.search(all[1]!.vector, 299).some((h) => h.id === 'p1')).toBe(false);

    const other = openVectorCollection(dir, 'news', { ...identity, model: 'random-v2' });
    expect(other.loaded).toBe(false);
    expect(other.size()).toBe(0);
    expect(other.loadNote).toContain('random-v1');
  });

  it('grows on demand after a reload, whatever capacity the saved index was written with', async () => {
    const dir = tempDir();
    const all = items(700);
    // Saved empty (no PDF processed yet): hnswlib reloads an empty index with room for nothing.
    const empty = openVectorCollection(dir, 'manual_chunks', identity);
    await empty.save();
    const afterEmpty = openVectorCollection(dir, 'manual_chunks', identity);
    expect(afterEmpty.loaded).toBe(true);
    afterEmpty.upsert(all.slice(0, 10));
    expect(afterEmpty.size()).toBe(10);
    await afterEmpty.save();

    const reloaded = openVectorCollection(dir, 'manual_chunks', identity);
    expect(reloaded.loaded).toBe(true);
    reloaded.upsert(all.slice(10, 11));
    reloaded.upsert(all.slice(11, 700));
    expect(reloaded.size()).toBe(700);
    expect(reloaded.search(all[650]!.vector, 1)[0]?.id).toBe('p650');
    await reloaded.save();

    // A second reload, then a delete and re-adds that reuse the freed slot, then growth again.
    const third = openVectorCollection(dir, 'manual_chunks', identity);
    third.remove(['p3']);
    third.upsert([{ ...all[3]!, id: 'p3-again' }, ...items(701).slice(700)]);
    expect(third.size()).toBe(701);
    expect(third.search(all[3]!.vector, 1)[0]?.id).toBe('p3-again');
  });

  it('starts empty instead of failing when the saved files are corrupt', () => {
    const dir = tempDir();
    const files = collectionFiles(dir, 'faq');
    writeFileSync(files.meta, JSON.stringify({ format: 1, ...identity, items: [[0, 'a', 'v', null]], nextLabel: 1, capacity: 256 }));
    writeFileSync(files.index, 'not an index');
    const c = openVectorCollection(dir, 'faq', identity);
    expect(c.loaded).toBe(false);
    expect(c.size()).toBe(0);
    expect(c.loadNote).toContain('unreadable');
  });
});
