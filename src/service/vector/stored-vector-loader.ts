import type { VectorCollection } from './vector-collection.js';
import type { VectorStorage } from './vector-storage.js';

/** Stored vectors read per statement: some 0.75 MB of 768-d vectors (SQLite reads them synchronously). */
const LOAD_PAGE = 250;
/** Inserting into the graph is what costs; the loader yields to requests after this long. */
const SLICE_MS = 10;
const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Fills a collection that has no index on this disk with the vectors stored in the database, page by page, yielding
 * between slices of SLICE_MS so requests are answered meanwhile. The sync that follows compares the loaded items
 * with the source as it would compare a saved index. Returns how many vectors it loaded.
 */
export async function loadStoredVectors(collection: VectorCollection, storage: VectorStorage, stopped: () => boolean): Promise<number> {
  let after: string | undefined;
  let loaded = 0;
  collection.reserve(await storage.count(collection.name, collection.identity));
  for (;;) {
    const page = await storage.page(collection.name, collection.identity, after, LOAD_PAGE);
    let at = 0;
    while (at < page.length) {
      if (stopped()) return loaded;
      const started = performance.now();
      while (at < page.length && performance.now() - started < SLICE_MS) {
        const item = page[at++];
        if (item)
          collection.upsert([
            { id: item.id, version: item.version, vector: item.vector, textHash: item.textHash, ...(item.payload ? { payload: item.payload } : {}) },
          ]);
      }
      await yieldToRequests();
    }
    loaded += page.length;
    if (page.length < LOAD_PAGE) return loaded;
    after = page[page.length - 1]?.id;
  }
}
