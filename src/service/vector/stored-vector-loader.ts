import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startGraphBuild } from './graph-build.runner.js';
import { EF_CONSTRUCTION, M, type LoadedItem, type VectorCollection } from './vector-collection.js';
import type { VectorStorage } from './vector-storage.js';

/** Stored vectors read per statement: some 3 MB of 768-d vectors (SQLite reads them synchronously). */
const LOAD_PAGE = 1000;
/** Pages handed to the graph's worker and not inserted yet: reading stays ahead of it without holding every page. */
const PAGES_AHEAD = 2;

/**
 * Fills a collection that has no index on this disk with the vectors stored in the database: the pages are read
 * here and the graph is built in a worker thread from them, then read from the file it writes, so the event loop
 * only reads pages. The sync that follows compares the loaded items with the source as it would compare a saved
 * index. Returns how many vectors it loaded (0 when stopped).
 */
export async function loadStoredVectors(collection: VectorCollection, storage: VectorStorage, stopped: () => boolean, dir: string): Promise<number> {
  const { name, identity } = collection;
  const expected = await storage.count(name, identity);
  if (expected === 0) return 0;
  const build = startGraphBuild({ dimension: identity.dimension, capacity: expected, m: M, efConstruction: EF_CONSTRUCTION });
  const file = join(dir, `${name}.hnsw.loading`);
  const items: LoadedItem[] = [];
  const inserting: Array<Promise<number>> = [];
  try {
    let after: string | undefined;
    for (;;) {
      const page = await storage.page(name, identity, after, LOAD_PAGE);
      if (stopped()) return 0;
      const vectors = new Float32Array(page.length * identity.dimension);
      page.forEach((item, i) => {
        vectors.set(item.vector, i * identity.dimension);
        items.push({ id: item.id, version: item.version, textHash: item.textHash, payload: item.payload });
      });
      if (page.length > 0) {
        const added = build.add(vectors);
        // Awaited in turn below; a stop ends the worker first, and its rejections are of no interest then.
        added.catch(() => undefined);
        inserting.push(added);
      }
      if (inserting.length > PAGES_AHEAD) await inserting.shift();
      if (page.length < LOAD_PAGE) break;
      after = page[page.length - 1]?.id;
    }
    await Promise.all(inserting);
    if (stopped()) return 0;
    await build.save(file);
    await collection.adopt(file, items);
    return items.length;
  } finally {
    await build.cancel();
    await rm(file, { force: true });
  }
}
