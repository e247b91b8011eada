import type { EmbeddingIdentity, Payload } from './vector-types.js';

/** A vector as the database keeps it: computed once, by the process that held the collection's claim. */
export interface StoredVector {
  id: string;
  /** The source row's version when it was embedded. */
  version: string;
  textHash: string;
  vector: Float32Array;
  payload?: Payload;
}

/**
 * Where vectors outlive a process and reach every process sharing the database (the search feature's repository).
 * The vector indexes are built from it; writes bump the collection's change sequence, which other processes follow.
 */
export interface VectorStorage {
  /** Up to `limit` stored vectors of a collection and identity, in id order, after the id `after`. */
  page(collection: string, identity: EmbeddingIdentity, after: string | undefined, limit: number): Promise<StoredVector[]>;
  /** How many vectors of a collection and identity are stored. */
  count(collection: string, identity: EmbeddingIdentity): Promise<number>;
  find(collection: string, identity: EmbeddingIdentity, ids: readonly string[]): Promise<Map<string, StoredVector>>;
  /** Stores (replacing) vectors and bumps the collection's change sequence, in one transaction. */
  save(collection: string, identity: EmbeddingIdentity, items: readonly StoredVector[]): Promise<void>;
  /** Drops the vectors of items no longer in the source; bumps the sequence when any was stored. */
  remove(collection: string, identity: EmbeddingIdentity, ids: readonly string[]): Promise<void>;
  /** Takes or renews the collection's claim for `holder` until `until` (ms); false while another holder's has not lapsed. */
  claim(collection: string, holder: string, until: number, now: number): Promise<boolean>;
  release(collection: string, holder: string): Promise<void>;
  /** Every collection's change sequence. */
  changes(): Promise<Map<string, number>>;
}

/** float32 little-endian bytes, as stored_embeddings.vector holds them. */
export function vectorBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function vectorFromBytes(bytes: Uint8Array): Float32Array {
  // A view of the bytes when they start on a float's boundary; a Buffer's offset in its pool need not, then a copy.
  if (bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
