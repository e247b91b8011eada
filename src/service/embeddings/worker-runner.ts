import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Messages a model worker answers: one reply per request id, either vectors or an error message. */
export interface WorkerRequest {
  id: number;
  texts: string[];
}
export type WorkerReply = { id: number; vectors: Float32Array[] } | { id: number; error: string };

interface Pending {
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

export interface WorkerRunner {
  run(texts: string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/**
 * The worker's script next to this module. Under the TypeScript loaders used by tests and `tsx` the module is a
 * .ts file, so the worker gets the same loader; the compiled service finds the .js file beside itself.
 */
export interface WorkerScript {
  url: URL;
  /** Source TypeScript (tests, tsx): the worker registers tsx's loader before importing the script. */
  typescript: boolean;
}

export function workerScript(baseUrl: string, name: string): WorkerScript {
  if (baseUrl.endsWith('.ts')) return { url: new URL(`./${name}.ts`, baseUrl), typescript: true };
  return { url: new URL(`./${name}.js`, baseUrl), typescript: false };
}

/** Starts a worker thread on a script from workerScript(), from compiled JavaScript or, under tsx, from TypeScript. */
export function spawnWorker(script: WorkerScript, options: WorkerOptions = {}): Worker {
  if (!script.typescript) return new Worker(script.url, options);
  // Node 20 resolves a worker's entry before any --import hook runs, so a .ts entry needs this small bootstrap.
  const bootstrap = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(script.url.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Runs a model in a worker thread so that slow inference never blocks the event loop. The worker starts on the
 * first request and restarts after a crash; requests are answered in order by id.
 */
export function createWorkerRunner(script: WorkerScript): WorkerRunner {
  let worker: Worker | undefined;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const w = spawnWorker(script);
    w.on('message', (reply: WorkerReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) p.reject(new Error(reply.error));
      else p.resolve(reply.vectors);
    });
    w.on('error', (error) => {
      worker = undefined;
      failAll(error instanceof Error ? error : new Error(String(error)));
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      if (pending.size > 0) failAll(new Error(`embedding worker exited with code ${code}`));
    });
    // An idle worker must not keep a finishing process alive.
    w.unref();
    return w;
  };

  return {
    run(texts) {
      if (closed) return Promise.reject(new Error('embedding worker is closed'));
      worker ??= start();
      const id = nextId;
      nextId += 1;
      const request: WorkerRequest = { id, texts };
      const w = worker;
      return new Promise<Float32Array[]>((resolve, reject) => {
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
      failAll(new Error('embedding worker closed'));
      if (w) await w.terminate();
    },
  };
}
