import { createHash } from 'node:crypto';
import type { CollectionSource, SourceDocument } from './collection-source.js';
import type { VectorCollection } from './vector-collection.js';
import type { StoredVector } from './vector-storage.js';

export interface PendingDocument extends SourceDocument {
  textHash: string;
}

/** What a collection keeps beside each vector to know the text it was made from (the collection's model is implied). */
export const hashText = (text: string): string => createHash('sha256').update(text).digest('base64url');

export interface BuildReader {
  /**
   * Reads on, in order, until a full batch waits for the model or `maxRows` more rows were read (so a long run of
   * unchanged rows never holds the event loop). Returns how many rows it settled without the model: kept ones and
   * ones deleted since the build's versions were read.
   */
  readAhead(maxRows: number): Promise<number>;
  /** The next batch for the model: full, or the last one once every row is read; undefined while none is ready. */
  takeBatch(): PendingDocument[] | undefined;
  /** Every row is read and handed out. */
  exhausted(): boolean;
  /** Rows whose vector was kept or taken from the database. */
  kept(): number;
}

/** The stored vectors of some of a collection's items (its model's), by id. */
export type FindStored = (ids: readonly string[]) => Promise<Map<string, StoredVector>>;

/** Puts the stored vectors whose text matches into the collection; returns the documents that still need the model. */
export async function takeStored(collection: VectorCollection, docs: PendingDocument[], find: FindStored | undefined): Promise<PendingDocument[]> {
  if (!find || docs.length === 0) return docs;
  const stored = await find(docs.map((d) => d.id));
  const fromStore = docs.filter((d) => stored.get(d.id)?.textHash === d.textHash);
  collection.upsert(
    fromStore.map((d) => ({
      id: d.id,
      version: d.version,
      vector: (stored.get(d.id) as StoredVector).vector,
      textHash: d.textHash,
      ...(d.payload ? { payload: d.payload } : {}),
    })),
  );
  return docs.filter((d) => stored.get(d.id)?.textHash !== d.textHash);
}

/**
 * Reads the rows of a build `batchSize` ids per query. A row whose text hashes to what its vector was made from (a
 * new version that changed nothing the text is made of, as after an import that rewrites unchanged rows) keeps its
 * vector: it is retagged at once and never reaches the model. The other rows queue in their order and are cut into
 * full batches, so the batches the model sees do not depend on how many rows were kept between them. A row whose
 * text another process already embedded takes the stored vector (`find`, the database's) instead of the model.
 */
export function createBuildReader(source: CollectionSource, collection: VectorCollection, ids: string[], batchSize: number, find?: FindStored): BuildReader {
  let next = 0;
  let kept = 0;
  const waiting: PendingDocument[] = [];
  return {
    async readAhead(maxRows) {
      let settled = 0;
      const stop = Math.min(ids.length, next + maxRows);
      while (waiting.length < batchSize && next < stop) {
        const slice = ids.slice(next, Math.min(stop, next + batchSize));
        next += slice.length;
        const docs = await source.documents(slice);
        const unchanged: SourceDocument[] = [];
        const changed: PendingDocument[] = [];
        for (const doc of docs) {
          const textHash = hashText(doc.text);
          if (collection.textHashOf(doc.id) === textHash) unchanged.push(doc);
          else changed.push({ ...doc, textHash });
        }
        collection.retag(unchanged.map((d) => ({ id: d.id, version: d.version, ...(d.payload ? { payload: d.payload } : {}) })));
        const toModel = await takeStored(collection, changed, find);
        waiting.push(...toModel);
        const settledHere = unchanged.length + changed.length - toModel.length;
        kept += settledHere;
        settled += settledHere + (slice.length - docs.length);
      }
      return settled;
    },
    takeBatch() {
      if (waiting.length === 0 || (waiting.length < batchSize && next < ids.length)) return undefined;
      return waiting.splice(0, batchSize);
    },
    exhausted: () => next >= ids.length && waiting.length === 0,
    kept: () => kept,
  };
}
