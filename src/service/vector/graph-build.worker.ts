import hnswlib from 'hnswlib-node';
import { parentPort, workerData } from 'node:worker_threads';
import { yieldPriorityToService } from '../workers/background-priority.js';
import type { WorkerReply, WorkerRequest } from '../workers/worker-runner.js';
import type { GraphBuildRequest, GraphBuildSettings } from './graph-build.runner.js';

/**
 * Worker thread that inserts vectors into an hnswlib graph of its own, labelled 0, 1, 2… in the order they arrive,
 * and writes the graph to a file the service then reads (hnswlib reads a file off the event loop). The inserts are
 * what a fresh collection's load costs; here they run beside the event loop instead of in slices on it.
 */
const port = parentPort;
if (!port) throw new Error('graph-build.worker must run in a worker thread');
const settings = workerData as GraphBuildSettings;
// The inserts take what CPU the event loop leaves.
yieldPriorityToService();
const index = new hnswlib.HierarchicalNSW('cosine', settings.dimension);
index.initIndex({ maxElements: Math.max(1, settings.capacity), m: settings.m, efConstruction: settings.efConstruction, allowReplaceDeleted: true });
let next = 0;

async function answer(request: GraphBuildRequest): Promise<number> {
  if (request.kind === 'save') {
    await index.writeIndex(request.file);
    return next;
  }
  const { vectors } = request;
  const count = vectors.length / settings.dimension;
  // Rows stored while the load ran may exceed the count it started from.
  if (next + count > index.getMaxElements()) index.resizeIndex(Math.max(next + count, index.getMaxElements() * 2));
  for (let at = 0; at < vectors.length; at += settings.dimension) {
    index.addPoint(Array.from(vectors.subarray(at, at + settings.dimension)), next, false);
    next += 1;
  }
  return next;
}

port.on('message', (request: WorkerRequest<GraphBuildRequest>) => {
  answer(request.input).then(
    (output) => port.postMessage({ id: request.id, output } satisfies WorkerReply<number>),
    (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply<number>),
  );
});
