import { EMBEDDING_DIMENSION, type EmbeddingProvider, l2Normalise } from './embedding-provider.js';
import { hashEmbed } from './hash-features.js';
import { availableParallelism } from 'node:os';
import { createWorkerPool } from '../workers/worker-pool.js';
import { createWorkerRunner } from '../workers/worker-runner.js';
import { workerScript } from '../workers/worker-script.js';

export const USE_DIMENSION = 512;
const HALF_WEIGHT = Math.sqrt(0.5);

/**
 * use+hash (the default): USE-lite (512) joined with 256 hashed features, each half L2-normalised and scaled by
 * sqrt(0.5) so the result has unit length and both halves weigh the same in the cosine.
 * use: USE-lite alone, zero-padded to 768 (kept for the evaluation in docs/search-evaluation.md).
 */
export type BuiltinVariant = 'use+hash' | 'use';

export const BUILTIN_MODELS: Record<BuiltinVariant, string> = {
  'use+hash': 'use-lite-512+hash-256-v1',
  use: 'use-lite-512',
};

export function combineHalves(use: Float32Array, text: string, variant: BuiltinVariant, dimension: number): Float32Array {
  const out = new Float32Array(dimension);
  const semantic = l2Normalise(Float32Array.from(use));
  if (variant === 'use') {
    out.set(semantic);
    return out;
  }
  const lexical = hashEmbed(text, dimension - USE_DIMENSION);
  for (let i = 0; i < USE_DIMENSION; i += 1) out[i] = (semantic[i] as number) * HALF_WEIGHT;
  for (let i = 0; i < lexical.length; i += 1) out[USE_DIMENSION + i] = (lexical[i] as number) * HALF_WEIGHT;
  return out;
}

export interface BuiltinProviderOptions {
  variant?: BuiltinVariant;
  /**
   * Model workers for documents (bulk re-embedding): one per core by default. Queries have a worker of their own,
   * so a search never waits behind a batch of documents.
   */
  documentWorkers?: number;
}

/** The model in a worker thread; `background` workers lower their own scheduling priority (use-model.worker.ts). */
export function createBuiltinProvider(options: BuiltinProviderOptions = {}): EmbeddingProvider {
  const variant = options.variant ?? 'use+hash';
  const dimension = EMBEDDING_DIMENSION;
  const script = workerScript(import.meta.url, 'use-model.worker');
  const documents = createWorkerPool<string[], Float32Array[]>(script, 'embedding', options.documentWorkers ?? availableParallelism(), {
    workerData: { background: true },
  });
  const queries = createWorkerRunner<string[], Float32Array[]>(script, 'query embedding');
  const combine = (texts: string[], use: Float32Array[]) => use.map((vector, i) => combineHalves(vector, texts[i] as string, variant, dimension));
  return {
    name: 'builtin',
    model: BUILTIN_MODELS[variant],
    dimension,
    parallelism: documents.size,
    async embedDocuments(texts) {
      if (texts.length === 0) return [];
      return combine(texts, await documents.run(texts));
    },
    async embedQuery(text) {
      const [vector] = combine([text], await queries.run([text]));
      return vector as Float32Array;
    },
    close: async () => {
      await Promise.all([documents.close(), queries.close()]);
    },
  };
}
