import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker's script, beside the module that starts it. Under the TypeScript loaders used by tests and `tsx` that
 * module is a .ts file, so the worker needs the same loader; the compiled service finds the .js file beside itself.
 */
export interface WorkerScript {
  url: URL;
  /** Source TypeScript (tests, tsx): the worker registers tsx's loader before importing the script. */
  typescript: boolean;
}

/** `baseUrl` is the caller's import.meta.url, so the script is looked up beside the caller, wherever it was built to. */
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
