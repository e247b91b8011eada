/** Every collection has this many dimensions, whatever the provider (spec: 768-dimension embeddings). */
export const EMBEDDING_DIMENSION = 768;

/**
 * One embedding back end. Documents and queries are embedded separately because some models (nomic-embed-text)
 * expect different prefixes for each. Vectors come back L2-normalised, so cosine distance is meaningful.
 */
export interface EmbeddingProvider {
  /** Recorded with every collection: a change of provider or model means a rebuild, never mixed vectors. */
  readonly name: string;
  readonly model: string;
  readonly dimension: number;
  /** How many embedDocuments calls run side by side (model workers); a bulk build keeps that many batches in flight. */
  readonly parallelism?: number;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
  /**
   * Prepares what the first query needs (a model loaded in its worker) while nobody waits for it, so the first search
   * after a start answers at the speed of the later ones; absent where there is nothing to prepare.
   */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}

export function l2Normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) vector[i] = (vector[i] as number) / norm;
  return vector;
}

export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
