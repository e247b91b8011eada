import { createWorkerRunner } from '../workers/worker-runner.js';
import { workerScript } from '../workers/worker-script.js';

/** The graph's shape: the same as the collection's own (vector-collection.ts), so the file it writes is one of its. */
export interface GraphBuildSettings {
  dimension: number;
  /** Room made at the start: the number of vectors expected. */
  capacity: number;
  m: number;
  efConstruction: number;
}

/** Vectors of consecutive labels, `dimension` floats each; or: write the graph to `file`. Both answer the count inserted. */
export type GraphBuildRequest = { kind: 'add'; vectors: Float32Array } | { kind: 'save'; file: string };

export interface GraphBuild {
  /** Queues vectors for insertion; resolves once they are in the graph. */
  add(vectors: Float32Array): Promise<number>;
  /** Writes the graph to `file` and ends the worker. */
  save(file: string): Promise<number>;
  /** Ends the worker without writing anything. */
  cancel(): Promise<void>;
}

/** One worker thread per build: it holds a graph of hundreds of megabytes only while the build runs. */
export function startGraphBuild(settings: GraphBuildSettings): GraphBuild {
  const runner = createWorkerRunner<GraphBuildRequest, number>(workerScript(import.meta.url, 'graph-build.worker'), 'vector graph build', {
    workerData: settings,
  });
  return {
    add: (vectors) => runner.run({ kind: 'add', vectors }),
    async save(file) {
      try {
        return await runner.run({ kind: 'save', file });
      } finally {
        await runner.close();
      }
    },
    cancel: () => runner.close(),
  };
}
