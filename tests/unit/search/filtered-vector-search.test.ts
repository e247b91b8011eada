import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cosineSimilarity, l2Normalise } from '../../../src/service/embeddings/embedding-provider.js';
import type { PayloadFilter } from '../../../src/service/vector/payload-cells.js';
import { openVectorCollection, type Payload, type VectorItem } from '../../../src/service/vector/vector-collection.js';
import { forgetSavedCells } from '../../helpers/saved-cells.js';

const DIM = 24;
const N = 4000;
const identity = { provider: 'test', model: 'random-v1', dimension: DIM };
// Small thresholds, so that 4,000 vectors exercise both plans: exact scoring and the filtered hnsw pool.
const TUNING = { exactMax: 300, poolFactor: 2, maxPool: 512 };

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

describe('filtered vector search (payload cells and the hnsw pool)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ti-filtered-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const all = build(11);
  const c = openVectorCollection(dir, 'filtered', identity, TUNING);
  c.upsert(all);
  const queries = build(99)
    .slice(0, 30)
    .map((i) => i.vector);

  it('reaches recall@10 of at least 0.95 against exact filtered search for every filter, from half the items to three', () => {
    const plans = new Set<string>();
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
        plans.add(c.lastFilteredPlan() ?? 'none');
      }
      expect(expected === 0 ? 1 : found / expected, JSON.stringify(filter)).toBeGreaterThanOrEqual(0.95);
    }
    // Both plans ran: the wide share through the hnsw pool, the narrow ones exactly.
    expect(plans.has('pool')).toBe(true);
    expect(plans.has('exact')).toBe(true);
  });

  it('answers a narrow filter exactly and a wide one from the pool', () => {
    const q = queries[0]!;
    expect(c.search(q, 10, { form_factor: 'OSFP224' }).map((h) => h.id)).toEqual(exactTop(all, q, { form_factor: 'OSFP224' }, 10));
    expect(c.lastFilteredPlan()).toBe('exact');
    c.search(q, 10, { form_factor: 'QSFP28' });
    expect(c.lastFilteredPlan()).toBe('pool');
  });

  it('keeps the cells in step with upserts and removals, and grows a cell past its first capacity', () => {
    const q = queries[1]!;
    // 200 items move into the three-item cell (it starts with room for 64).
    const moved = all.slice(100, 300).map((item) => ({ ...item, version: 'v2', payload: { ...item.payload, form_factor: 'OSFP224', speed_gbps: 1600 } }));
    c.upsert(moved);
    const after = [...all.slice(0, 100), ...moved, ...all.slice(300)];
    expect(c.search(q, 10, { form_factor: 'osfp224' }).map((h) => h.id)).toEqual(exactTop(after, q, { form_factor: 'OSFP224' }, 10));
    c.remove(['p0', 'p1', 'p2']);
    const left = after.filter((item) => !['p0', 'p1', 'p2'].includes(item.id));
    const hits = c.search(q, 300, { speed_gbps: 1600 });
    expect(hits.map((h) => h.id).sort()).toEqual(exactTop(left, q, { speed_gbps: 1600 }, 300).sort());
    expect(hits.length).toBe(200);
  });

  it('rebuilds the cells from a saved index that has none saved beside it (a data directory of an older release)', async () => {
    await c.save();
    forgetSavedCells(dir, 'filtered');
    const again = openVectorCollection(dir, 'filtered', identity, TUNING);
    expect(again.loaded).toBe(true);
    const q = queries[2]!;
    // The cells fill between other work; meanwhile the filter runs inside hnswlib's search, with the same answer here.
    expect(again.filterCellsReady()).toBe(false);
    expect(again.search(q, 10, { form_factor: 'OSFP224' }).map((h) => h.id)).toEqual(c.search(q, 10, { form_factor: 'OSFP224' }).map((h) => h.id));
    expect(again.lastFilteredPlan()).toBe('callback');
    while (!again.filterCellsReady()) await new Promise((resolve) => setImmediate(resolve));
    expect(again.cellsNote()).toBe('no saved cells');
    expect(again.search(q, 10, { form_factor: 'OSFP224' }).map((h) => h.id)).toEqual(c.search(q, 10, { form_factor: 'OSFP224' }).map((h) => h.id));
    expect(again.lastFilteredPlan()).toBe('exact');
    expect(again.search(q, 5, { form_factor: 'QSFP-DD', wdm_type: 'CWDM' }).length).toBeGreaterThan(0);
  });
});

describe('hnsw partitions of common payload values', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ti-partitions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const r = random(7);
  // A third of the items are 1.6T and sit in their own corner of the space (first coordinate large), the rest
  // elsewhere: a query about the rest filtered to 1.6T finds none of them among its unfiltered neighbours.
  const all: VectorItem[] = Array.from({ length: N }, (_, i) => {
    const fast = i % 3 === 0;
    const v = Float32Array.from({ length: DIM }, (_, d) => (d === 0 ? (fast ? 4 : -4) : 0) + r() * 2 - 1);
    return {
      id: `q${i}`,
      version: 'v1',
      vector: l2Normalise(v),
      payload: { form_factor: i % 2 === 0 ? 'QSFP28' : 'OSFP', speed_gbps: fast ? 1600 : 100, fiber_type: 'SMF', wdm_type: i % 40 === 0 ? 'CWDM' : 'none' },
    };
  });
  const c = openVectorCollection(dir, 'partitioned', identity, TUNING);
  const queries = Array.from({ length: 20 }, () => l2Normalise(Float32Array.from({ length: DIM }, (_, d) => (d === 0 ? -4 : 0) + r() * 2 - 1)));
  const settled = async () => {
    while (c.filterPartitions().some((p) => !p.ready)) await new Promise((resolve) => setImmediate(resolve));
  };

  it('creates a partition for a value whose pools keep coming up short, within the share limit, filled between other work', async () => {
    c.upsert(all);
    expect(c.filterPartitions()).toEqual([]);
    // The first searches take the pool, find no 1.6T item among the neighbours and fall back to exact scoring.
    for (const q of queries.slice(0, 3)) {
      c.search(q, 10, { speed_gbps: 1600 });
      expect(c.lastFilteredPlan()).toBe('pool+exact');
    }
    // The pools of 100G (two thirds: above the 0.4 share) and of each form factor (half) hold enough; CWDM (100) is exact's.
    for (const filter of [{ speed_gbps: 100 }, { form_factor: 'QSFP28' }, { wdm_type: 'CWDM' }] as PayloadFilter[]) {
      for (const q of queries.slice(0, 5)) c.search(q, 10, filter);
    }
    // Three short pools: the partition of 1,334 items is copied in slices, and until then the pool still answers.
    expect(c.filterPartitions()).toEqual([{ field: 'speed_gbps', value: 1600, items: 0, ready: false }]);
    c.search(queries[3]!, 10, { speed_gbps: 1600 });
    expect(c.lastFilteredPlan()).toBe('pool+exact');
    await settled();
    expect(c.filterPartitions()).toEqual([{ field: 'speed_gbps', value: 1600, items: 1334, ready: true }]);
  });

  it('answers a filter the query neighbourhood lacks from its partition, with the exact filtered ranking', async () => {
    await settled();
    let found = 0;
    for (const q of queries) {
      const exact = exactTop(all, q, { speed_gbps: 1600 }, 10);
      const got = c.search(q, 10, { speed_gbps: 1600 });
      expect(c.lastFilteredPlan()).toBe('partition');
      expect(got.every((h) => h.payload?.speed_gbps === 1600)).toBe(true);
      found += got.filter((h) => exact.includes(h.id)).length;
    }
    expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.95);
    // Two keys: the partition answers single-key filters only.
    c.search(queries[0]!, 10, { speed_gbps: 1600, form_factor: 'QSFP28' });
    expect(c.lastFilteredPlan()).not.toBe('partition');
  });

  it('keeps a partition in step with upserts and removals, and drops it when the value shrinks to exact scoring', async () => {
    await settled();
    const q = queries[1]!;
    // 100 items move from 1.6T to 100G; 5 others get a slightly different vector (a re-embedded text).
    const moved = all.filter((_, i) => i % 3 === 0).slice(0, 100);
    const reembedded = new Map(
      all
        .filter((_, i) => i % 3 === 0)
        .slice(100, 105)
        .map((item) => [item.id, l2Normalise(item.vector.map((x) => x + (r() - 0.5) * 0.2))] as const),
    );
    c.upsert(moved.map((item) => ({ ...item, version: 'v2', payload: { ...item.payload, speed_gbps: 100 } })));
    c.upsert(all.filter((item) => reembedded.has(item.id)).map((item) => ({ ...item, version: 'v2', vector: reembedded.get(item.id)! })));
    const now = all.map((item) => {
      if (moved.includes(item)) return { ...item, payload: { ...item.payload, speed_gbps: 100 } };
      const vector = reembedded.get(item.id);
      return vector ? { ...item, vector } : item;
    });
    expect(c.filterPartitions()[0]?.items).toBe(1234);
    const got = c.search(q, 10, { speed_gbps: 1600 });
    expect(c.lastFilteredPlan()).toBe('partition');
    expect(got.map((h) => h.id).filter((id) => exactTop(now, q, { speed_gbps: 1600 }, 10).includes(id)).length).toBeGreaterThanOrEqual(9);
    // The partition holds the new vectors: each re-embedded item finds itself at a cosine of 1.
    for (const [id, vector] of reembedded) {
      const [top] = c.search(vector, 1, { speed_gbps: 1600 });
      expect(c.lastFilteredPlan()).toBe('partition');
      expect(top?.id).toBe(id);
      expect(top?.score).toBeCloseTo(1, 5);
    }
    // Below half the exact limit (150 items) the partition goes.
    const fast = now.filter((item) => item.payload?.speed_gbps === 1600);
    c.remove(fast.slice(0, fast.length - 140).map((item) => item.id));
    expect(c.filterPartitions()).toEqual([]);
    const left = fast.slice(fast.length - 140);
    expect(c.search(q, 10, { speed_gbps: 1600 }).map((h) => h.id)).toEqual(exactTop(left, q, { speed_gbps: 1600 }, 10));
    expect(c.lastFilteredPlan()).toBe('exact');
  });
});
