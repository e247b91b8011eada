import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Config } from '../service/public.js';
import { isWildcardHost, serviceUrl } from '../shared/service-url.js';
import type { ServiceHost } from './service-host.js';

export interface NodeChildOptions {
  /** A Node binary whose ABI matches the checkout's native modules (npm start passes its own). */
  nodePath: string;
  /** Arguments running the headless entry, e.g. ['out/server/server.js']. */
  args: string[];
  cwd: string;
  /** The environment the config was read from; the resolved values below are set over it. */
  env: Record<string, string | undefined>;
  readyTimeoutMs?: number;
  /** How long a graceful stop may take before the child is killed. */
  stopTimeoutMs?: number;
}

/** PORT=0 means "any free port"; the child must be told one, because the window needs to know it. */
async function freePort(host: string): Promise<number> {
  const server = createServer();
  server.listen(0, isWildcardHost(host) ? '127.0.0.1' : host);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('could not find a free port');
  return address.port;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number, stderrTail: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The service exited with code ${String(code)} before answering.${stderrTail() ? `\n${stderrTail()}` : ''}`);
  });
  exited.catch(() => undefined);
  for (;;) {
    const answered = fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (await Promise.race([answered, exited])) return;
    if (Date.now() > deadline) throw new Error(`The service did not answer at ${url}/api/health within ${Math.round(timeoutMs / 1000)} s.`);
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 150)), exited]);
  }
}

/**
 * Runs the headless service in a separate Node process and waits until /api/health answers. Stopping sends
 * SIGTERM, which the headless entry turns into a graceful shutdown (in-flight requests, database close).
 */
export async function startNodeChild(config: Config, options: NodeChildOptions): Promise<ServiceHost> {
  const port = config.port === 0 ? await freePort(config.host) : config.port;
  const env: Record<string, string | undefined> = { ...options.env, DATA_DIR: config.dataDir, HOST: config.host, PORT: String(port) };
  if (config.dashboardPassword !== undefined) env.DASHBOARD_PASSWORD = config.dashboardPassword;
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(options.nodePath, options.args, { cwd: options.cwd, env, stdio: ['ignore', 'inherit', 'pipe'] });
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail = (tail + chunk.toString()).slice(-2000);
  });
  // Resolves (never rejects) once the child is gone, whether it exited or never started.
  const exit = once(child, 'exit').catch(() => undefined);
  const url = serviceUrl(config.host, port);
  try {
    await waitHealthy(url, child, options.readyTimeoutMs ?? 30_000, () => tail.trim());
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    // 'exit' hands over (code, signal); once() types its arguments as any[].
    exited: exit.then((args) => (args?.[0] as number | null | undefined) ?? null),
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), options.stopTimeoutMs ?? 15_000);
        await exit;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
