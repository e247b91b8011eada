import type { Worker } from 'node:worker_threads';
import { spawnWorker, type WorkerScript } from './worker-script.js';

/** What a request/reply worker receives and answers: one reply per request id, either an output or an error message. */
export interface WorkerRequest<Input> {
  id: number;
  input: Input;
}
export type WorkerReply<Output> = { id: number; output: Output } | { id: number; error: string };

interface Pending<Output> {
  resolve(output: Output): void;
  reject(error: Error): void;
}

export interface WorkerRunner<Input, Output> {
  run(input: Input): Promise<Output>;
  close(): Promise<void>;
}

/**
 * Runs slow work (model inference) in a long-lived worker thread so that it never blocks the event loop. The worker
 * starts on the first request and restarts after a crash; replies are matched to requests by id. `name` appears in
 * the errors, so a failure says which worker it was.
 */
export function createWorkerRunner<Input, Output>(script: WorkerScript, name: string, options: { workerData?: unknown } = {}): WorkerRunner<Input, Output> {
  let worker: Worker | undefined;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, Pending<Output>>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const w = spawnWorker(script, options.workerData === undefined ? {} : { workerData: options.workerData });
    w.on('message', (reply: WorkerReply<Output>) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) p.reject(new Error(reply.error));
      else p.resolve(reply.output);
    });
    w.on('error', (error) => {
      worker = undefined;
      failAll(error instanceof Error ? error : new Error(String(error)));
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      if (pending.size > 0) failAll(new Error(`${name} worker exited with code ${code}`));
    });
    // An idle worker must not keep a finishing process alive.
    w.unref();
    return w;
  };

  return {
    run(input) {
      if (closed) return Promise.reject(new Error(`${name} worker is closed`));
      worker ??= start();
      const id = nextId;
      nextId += 1;
      const request: WorkerRequest<Input> = { id, input };
      const w = worker;
      return new Promise<Output>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage(request);
      }).finally(() => {
        if (pending.size === 0) worker?.unref();
      });
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      failAll(new Error(`${name} worker closed`));
      if (w) await w.terminate();
    },
  };
}
