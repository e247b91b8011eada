import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cosineSimilarity, l2Normalise } from '../../../src/service/embeddings/embedding-provider.js';
import { filteredEf, openVectorCollection, type Payload, type PayloadFilter, type VectorItem } from '../../../src/service/vector/vector-collection.js';

const DIM = 24;
const N = 4000;
const identity = { provider: 'test', model: 'random-v1', dimension: DIM };

function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** Form factors from half of the collection down to three items; speeds and fibres cut across them. */
const SHARES: Array<[string, number]> = [
  ['QSFP28', 0.5],
  ['SFP+', 0.25],
  ['OSFP', 0.15],
  ['QSFP-DD', 0.07],
  ['CFP2', 0.02],
];
function payloadOf(i: number, r: () => number): Payload {
  if (i < 3) return { form_factor: 'OSFP224', speed_gbps: 1600, fiber_type: 'SMF', wdm_type: 'PSM' };
  let u = r();
  const ff = SHARES.find(([, share]) => (u -= share) < 0)?.[0] ?? 'CFP2';
  return { form_factor: ff, speed_gbps: [10, 100, 400][i % 3] as number, fiber_type: i % 4 === 0 ? 'MMF' : 'SMF', wdm_type: i % 9 === 0 ? 'CWDM' : 'none' };
}

function build(seed: number): VectorItem[] {
  const r = random(seed);
  return Array.from({ length: N }, (_, i) => ({
    id: `p${i}`,
    version: 'v1',
    vector: l2Normalise(Float32Array.from({ length: DIM }, () => r() * 2 - 1)),
    payload: payloadOf(i, r),
  }));
}

function matches(p: Payload | undefined, f: PayloadFilter): boolean {
  return Object.entries(f).every(([k, v]) => {
    const value = p?.[k];
    return typeof v === 'string' ? typeof value === 'string' && value.toLowerCase() === v.toLowerCase() : value === v;
  });
}

function exactTop(all: VectorItem[], query: Float32Array, f: PayloadFilter, k: number): string[] {
  return all
    .filter((item) => matches(item.payload, f))
    .map((item) => ({ id: item.id, s: cosineSimilarity(query, item.vector) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((h) => h.id);
}

const FILTERS: PayloadFilter[] = [
  { form_factor: 'QSFP28' },
  { form_factor: 'sfp+' },
  { form_factor: 'OSFP' },
  { form_factor: 'QSFP-DD' },
  { form_factor: 'cfp2' },
  { form_factor: 'OSFP224' },
  { speed_gbps: 100 },
  { speed_gbps: 1600 },
  { fiber_type: 'MMF' },
  { wdm_type: 'CWDM' },
  { form_factor: 'SFP+', fiber_type: 'MMF' },
  { form_factor: 'no such thing' },
];

describe("filtered vector search (hnswlib's filter function over the collection's payloads)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'ti-filtered-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const all = build(11);
  const c = openVectorCollection(dir, 'filtered', identity);
  c.upsert(all);
  const queries = build(99)
    .slice(0, 30)
    .map((i) => i.vector);

  it('reaches recall@10 of at least 0.95 against exact filtered search for every filter, from half the items to three', () => {
    for (const filter of FILTERS) {
      let found = 0;
      let expected = 0;
      for (const q of queries) {
        const exact = exactTop(all, q, filter, 10);
        const got = c.search(q, 10, filter);
        // Every hit passes the filter, and k hits come back whenever k items pass it.
        expect(got.every((h) => matches(h.payload, filter))).toBe(true);
        expect(got.length, JSON.stringify(filter)).toBe(exact.length);
        expected += exact.length;
        found += got.filter((h) => exact.includes(h.id)).length;
      }
      expect(expected === 0 ? 1 : found / expected, JSON.stringify(filter)).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('answers a filter that passes few items exactly: the same items in the same order, with their cosine scores', () => {
    const narrow: PayloadFilter[] = [{ form_factor: 'cfp2' }, { form_factor: 'QSFP-DD', wdm_type: 'CWDM' }, { form_factor: 'CFP2', fiber_type: 'MMF' }];
    for (const filter of narrow) {
      for (const q of queries.slice(0, 10)) {
        const got = c.search(q, 10, filter);
        expect(
          got.map((h) => h.id),
          JSON.stringify(filter),
        ).toEqual(exactTop(all, q, filter, 10));
        for (const hit of got) expect(hit.score).toBeCloseTo(cosineSimilarity(q, all[Number(hit.id.slice(1))]!.vector), 5);
      }
    }
  });

  it('searches a narrower filter with a smaller ef, from the unfiltered 128 down to k', () => {
    expect(filteredEf(10, 0.5)).toBe(128);
    expect(filteredEf(10, 0.05)).toBe(128);
    expect(filteredEf(10, 0.02)).toBe(52);
    expect(filteredEf(10, 0.001)).toBe(10);
    expect(filteredEf(10, 0)).toBe(10);
    expect(filteredEf(200, 0.001)).toBe(200);
  });

  it('returns every passing item, in exact order, when fewer than k pass', () => {
    const q = queries[0]!;
    expect(c.search(q, 10, { form_factor: 'OSFP224' }).map((h) => h.id)).toEqual(exactTop(all, q, { form_factor: 'OSFP224' }, 10));
    expect(c.search(q, 10, { form_factor: 'osfp224' })).toHaveLength(3);
  });

  it('follows upserts, retags and removals', () => {
    const q = queries[1]!;
    // 200 items move to the three-item form factor.
    const moved = all.slice(100, 300).map((item) => ({ ...item, version: 'v2', payload: { ...item.payload, form_factor: 'OSFP224', speed_gbps: 1600 } }));
    c.upsert(moved);
    const after = [...all.slice(0, 100), ...moved, ...all.slice(300)];
    expect(c.search(q, 10, { form_factor: 'osfp224' }).map((h) => h.id)).toEqual(exactTop(after, q, { form_factor: 'OSFP224' }, 10));
    c.remove(['p0', 'p1', 'p2']);
    const left = after.filter((item) => !['p0', 'p1', 'p2'].includes(item.id));
    const hits = c.search(q, 300, { speed_gbps: 1600 });
    expect(hits.map((h) => h.id).sort()).toEqual(exactTop(left, q, { speed_gbps: 1600 }, 300).sort());
    expect(hits.length).toBe(200);
    // A retag (same text, new version and payload) moves an item out of the filter's reach without a new vector.
    c.retag(moved.slice(0, 50).map((item) => ({ id: item.id, version: 'v3', payload: { ...item.payload, speed_gbps: 400 } })));
    expect(c.search(q, 300, { speed_gbps: 1600 })).toHaveLength(150);
    expect(c.search(q, 300, { speed_gbps: 400, form_factor: 'OSFP224' })).toHaveLength(50);
  });

  it('filters a saved and reopened collection at once, with the same answers', async () => {
    await c.save();
    const again = openVectorCollection(dir, 'filtered', identity);
    expect(again.loaded).toBe(true);
    for (const filter of FILTERS) {
      const q = queries[2]!;
      expect(
        again.search(q, 10, filter).map((h) => h.id),
        JSON.stringify(filter),
      ).toEqual(c.search(q, 10, filter).map((h) => h.id));
    }
    expect(again.search(queries[2]!, 5, { form_factor: 'QSFP-DD', wdm_type: 'CWDM' }).length).toBeGreaterThan(0);
  });

  it('removes the grouped copies of the vectors an earlier release saved beside the index', async () => {
    const leftover = join(dir, 'filtered.cells-0123abcd');
    mkdirSync(leftover);
    writeFileSync(join(leftover, 'manifest.json'), '{}');
    await c.save();
    expect(existsSync(leftover)).toBe(false);
  });
});
