import { EMBEDDING_DIMENSION, type EmbeddingProvider } from './embedding-provider.js';
import { availableParallelism } from 'node:os';
import { BUILTIN_MODELS, type BuiltinVariant } from './builtin-vectors.js';
import { createWorkerPool } from '../workers/worker-pool.js';
import { createWorkerRunner } from '../workers/worker-runner.js';
import { workerScript } from '../workers/worker-script.js';

export { BUILTIN_MODELS, type BuiltinVariant, combineHalves, USE_DIMENSION } from './builtin-vectors.js';

export interface BuiltinProviderOptions {
  variant?: BuiltinVariant;
  /**
   * Model workers for documents (bulk re-embedding): one per core by default. Queries have a worker of their own,
   * so a search never waits behind a batch of documents.
   */
  documentWorkers?: number;
}

/**
 * The model in worker threads, which also hash the texts and join the halves (builtin-vectors.ts), so the event loop
 * only receives finished vectors; `background` workers lower their own scheduling priority (use-model.worker.ts).
 */
export function createBuiltinProvider(options: BuiltinProviderOptions = {}): EmbeddingProvider {
  const variant = options.variant ?? 'use+hash';
  const script = workerScript(import.meta.url, 'use-model.worker');
  const documents = createWorkerPool<string[], Float32Array[]>(script, 'embedding', options.documentWorkers ?? availableParallelism(), {
    workerData: { background: true, variant },
  });
  const queries = createWorkerRunner<string[], Float32Array[]>(script, 'query embedding', {
    workerData: { variant },
  });
  return {
    name: 'builtin',
    model: BUILTIN_MODELS[variant],
    dimension: EMBEDDING_DIMENSION,
    parallelism: documents.size,
    async embedDocuments(texts) {
      if (texts.length === 0) return [];
      return documents.run(texts);
    },
    async embedQuery(text) {
      const [vector] = await queries.run([text]);
      return vector as Float32Array;
    },
    async warmUp() {
      await queries.run(['warm up']);
    },
    close: async () => {
      await Promise.all([documents.close(), queries.close()]);
    },
  };
}
