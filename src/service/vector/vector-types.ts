// The shapes a vector collection takes in and gives back (vector-collection.ts re-exports them).

/** Scalar payload kept beside each vector, which searches filter on (payload-filter.ts). */
export type Payload = Record<string, string | number | null>;

export interface VectorItem {
  id: string;
  /** The source row's version (updated_at or a content hash); a different value means re-embed. */
  version: string;
  vector: Float32Array;
  payload?: Payload;
  /** Hash of the text the vector was made from: a later build keeps the vector while the text stays the same. */
  textHash?: string;
}

/** A new version of an item whose text is unchanged: the vector stays, the version and payload follow the row. */
export type RetagItem = Omit<VectorItem, 'vector' | 'textHash'>;

export interface VectorHit {
  id: string;
  /** Cosine similarity, 1 = same direction. */
  score: number;
  payload: Payload | undefined;
}

/** Who built the vectors: a collection never mixes vectors of different providers, models or dimensions. */
export interface EmbeddingIdentity {
  provider: string;
  model: string;
  dimension: number;
}
