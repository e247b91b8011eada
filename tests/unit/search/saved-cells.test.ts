import { copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { l2Normalise } from '../../../src/service/embeddings/embedding-provider.js';
import type { PayloadFilter } from '../../../src/service/vector/payload-cells.js';
import { collectionFiles, openVectorCollection, type VectorCollection, type VectorItem } from '../../../src/service/vector/vector-collection.js';
import { savedCellsOf } from '../../helpers/saved-cells.js';

const DIM = 16;
const identity = { provider: 'test', model: 'random-v1', dimension: DIM };
// Exact scoring up to 150 passing items, the hnsw pool above; no value partitions, so that every plan is the same
// before and after a restart and the answers can be compared exactly.
const TUNING = { exactMax: 150, poolFactor: 2, maxPool: 512, partitionMaxShare: 0 };
const FORM_FACTORS = ['QSFP28', 'QSFP28', 'QSFP28', 'SFP+', 'SFP+', 'OSFP', 'QSFP-DD', 'CFP2'];

function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function items(n: number, seed: number, from = 0): VectorItem[] {
  const r = random(seed);
  return Array.from({ length: n }, (_, j) => {
    const i = from + j;
    return {
      id: `p${i}`,
      version: 'v1',
      vector: l2Normalise(Float32Array.from({ length: DIM }, () => r() * 2 - 1)),
      payload: {
        form_factor: FORM_FACTORS[i % FORM_FACTORS.length] as string,
        speed_gbps: [10, 100, 400][i % 3] as number,
        fiber_type: i % 4 === 0 ? 'MMF' : 'SMF',
      },
    };
  });
}

const FILTERS: PayloadFilter[] = [
  { form_factor: 'QSFP28' },
  { form_factor: 'sfp+' },
  { form_factor: 'CFP2' },
  { speed_gbps: 400 },
  { fiber_type: 'MMF' },
  { form_factor: 'OSFP', fiber_type: 'MMF' },
];
const QUERIES = items(12, 99).map((item) => item.vector);

/** Every filtered answer of a collection: ids, scores and the plan that gave them. */
function answers(c: VectorCollection) {
  return FILTERS.flatMap((filter) => QUERIES.map((q) => ({ hits: c.search(q, 10, filter).map((h) => [h.id, h.score]), plan: c.lastFilteredPlan() })));
}

async function untilCellsReady(c: VectorCollection) {
  while (!c.filterCellsReady()) await new Promise((resolve) => setImmediate(resolve));
}

describe('payload cells saved beside the index', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ti-cells-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A collection that has seen upserts, a change of payload and removals, saved. */
  async function savedCollection(dir: string) {
    const c = openVectorCollection(dir, 'products', identity, TUNING);
    c.upsert(items(1500, 11));
    c.upsert(items(100, 12, 200).map((item) => ({ ...item, version: 'v2', payload: { ...item.payload, form_factor: 'CFP2' } })));
    c.remove(['p3', 'p4', 'p5', 'p900']);
    await c.save();
    return c;
  }

  it('reads them back between other work, and a reloaded collection answers every filtered search exactly as before the restart', async () => {
    const dir = tempDir();
    const before = answers(await savedCollection(dir));
    expect(new Set(before.map((a) => a.plan))).toEqual(new Set(['exact', 'pool']));

    const again = openVectorCollection(dir, 'products', identity, TUNING);
    expect(again.loaded).toBe(true);
    expect(again.filterCellsReady()).toBe(false);
    await untilCellsReady(again);
    expect(again.cellsNote()).toBeNull();
    expect(answers(again)).toEqual(before);

    // The restored cells keep working: a cell grows past the room it was saved with, and removals leave it.
    const added = items(300, 13, 5000).map((item) => ({ ...item, payload: { form_factor: 'OSFP224', speed_gbps: 1600, fiber_type: 'SMF' } }));
    again.upsert(added);
    again.remove(['p5000']);
    const hits = again.search(added[7]!.vector, 400, { form_factor: 'OSFP224' });
    expect(hits).toHaveLength(299);
    expect(hits[0]?.id).toBe('p5007');
  });

  it('places items upserted, moved or removed while the saved cells are read back by their state after the change', async () => {
    const dir = tempDir();
    const c = await savedCollection(dir);
    const again = openVectorCollection(dir, 'products', identity, TUNING);
    expect(again.filterCellsReady()).toBe(false);
    // The same changes on both: p10 moves to CFP2 with a new vector, p11 is removed, p7000 is new.
    const changes = (x: VectorCollection) => {
      const [moved] = items(1, 21, 10).map((item) => ({ ...item, version: 'v9', payload: { ...item.payload, form_factor: 'CFP2' } }));
      x.upsert([moved!, ...items(1, 22, 7000)]);
      x.remove(['p11']);
    };
    changes(again);
    changes(c);
    await untilCellsReady(again);
    expect(again.cellsNote()).toBeNull();
    expect(answers(again)).toEqual(answers(c));
  });

  it('writes again only the cells that changed since the last save and links the others', async () => {
    const dir = tempDir();
    const c = await savedCollection(dir);
    const first = savedCellsOf(dir, 'products');
    const inode = (cellsDir: string, manifest: any, formFactor: string, speed: number, fiber: string) => {
      const cell = manifest.cells.find(
        (x: any) => x.values.form_factor === formFactor.toLowerCase() && x.values.speed_gbps === speed && x.values.fiber_type === fiber.toLowerCase(),
      );
      return statSync(join(cellsDir, cell.file)).ino;
    };
    const untouched = inode(first.dir, first.manifest, 'SFP+', 100, 'SMF');
    const touched = inode(first.dir, first.manifest, 'QSFP28', 10, 'SMF');
    c.upsert(items(1, 14, 8000).map((item) => ({ ...item, payload: { form_factor: 'QSFP28', speed_gbps: 10, fiber_type: 'SMF' } })));
    await c.save();
    const second = savedCellsOf(dir, 'products');
    expect(second.id).not.toBe(first.id);
    expect(inode(second.dir, second.manifest, 'SFP+', 100, 'SMF')).toBe(untouched);
    expect(inode(second.dir, second.manifest, 'QSFP28', 10, 'SMF')).not.toBe(touched);
    // Only the current save's cells stay on disk.
    expect(readdirSync(dir).filter((f) => f.startsWith('products.cells-'))).toEqual([`products.cells-${second.id}`]);
    const reopened = openVectorCollection(dir, 'products', identity, TUNING);
    await untilCellsReady(reopened);
    expect(reopened.cellsNote()).toBeNull();
    expect(answers(reopened)).toEqual(answers(c));
  });

  it.each([
    ['missing', (cells: ReturnType<typeof savedCellsOf>) => rmSync(cells.dir, { recursive: true }), 'saved cells missing or unreadable'],
    [
      'listing a label in the cell of another payload',
      (cells: ReturnType<typeof savedCellsOf>) => {
        const [a, b] = cells.manifest.cells as Array<{ labels: number[] }>;
        b!.labels.push(a!.labels.pop()!);
        writeFileSync(join(cells.dir, 'manifest.json'), JSON.stringify(cells.manifest));
      },
      'saved cells disagree with the saved items',
    ],
    [
      'holding another cell’s vectors',
      (cells: ReturnType<typeof savedCellsOf>) => {
        const [a, b] = cells.manifest.cells as Array<{ file: string }>;
        copyFileSync(join(cells.dir, a!.file), join(cells.dir, b!.file));
      },
      /^saved cells unreadable \(cell-\d+\.bin holds \d+ vectors, not \d+\)$/,
    ],
  ])('falls back to filling them from the index when the saved cells are %s', async (_case, damage, note) => {
    const dir = tempDir();
    const before = answers(await savedCollection(dir));
    damage(savedCellsOf(dir, 'products'));
    const again = openVectorCollection(dir, 'products', identity, TUNING);
    expect(again.loaded).toBe(true);
    expect(again.filterCellsReady()).toBe(false);
    await untilCellsReady(again);
    expect(again.cellsNote()).toMatch(note);
    expect(answers(again)).toEqual(before);
  });

  it('never pairs an index with cells saved for another one: a crash after the index was replaced leaves the old cells unused', async () => {
    const dir = tempDir();
    await savedCollection(dir);
    // The next save, carried out in a copy: its index file is what the crashed save had renamed into place.
    const next = tempDir();
    cpSync(dir, next, { recursive: true });
    const c = openVectorCollection(next, 'products', identity, TUNING);
    c.upsert(items(200, 15, 100).map((item) => ({ ...item, version: 'v3', payload: { ...item.payload, form_factor: 'OSFP224' } })));
    await c.save();
    // Crash after the index rename: the new index beside the old sidecar and the old sidecar's cells, whose ids match.
    copyFileSync(collectionFiles(next, 'products').index, collectionFiles(dir, 'products').index);
    // ...and after the new cells were renamed into place too, before the sidecar named them.
    const newer = savedCellsOf(next, 'products');
    cpSync(newer.dir, join(dir, `products.cells-${newer.id}`), { recursive: true });

    const crashed = openVectorCollection(dir, 'products', identity, TUNING);
    expect(crashed.loaded).toBe(true);
    expect(crashed.filterCellsReady()).toBe(false);
    await untilCellsReady(crashed);
    expect(crashed.cellsNote()).toBe('saved cells belong to another index file');
    // The cells are filled from the index, with the payloads of the sidecar that was loaded (the old one, as before
    // saved cells existed), never from cells saved for either index: no item carries OSFP224 in that sidecar.
    expect(crashed.search(QUERIES[0]!, 500, { form_factor: 'OSFP224' }).length).toBe(0);
    // The next complete save leaves a consistent pair again.
    await crashed.save();
    const reopened = openVectorCollection(dir, 'products', identity, TUNING);
    await untilCellsReady(reopened);
    expect(reopened.cellsNote()).toBeNull();
    expect(answers(reopened)).toEqual(answers(crashed));
  });
});
