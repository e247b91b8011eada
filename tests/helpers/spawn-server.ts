import { type ChildProcess, spawn } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { testDatabaseEnv } from './test-database.js';

// By file URL, so the loader is found from any working directory (the .env test runs elsewhere).
const TSX_LOADER = pathToFileURL(resolvePath('node_modules/tsx/dist/loader.mjs')).href;

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `src/server.ts` of the application in `appDir` (this checkout, or a copy of it as another release) in its
 * own process, as `npm run serve` would, and waits for its Dashboard line.
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 30_000, cwd = process.cwd(), appDir = process.cwd()): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, resolvePath(appDir, 'src/server.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', SCHEDULER_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${text}`)), timeoutMs);
    const check = () => {
      const match = /Dashboard: (http:\/\/[^\s]+)\/dashboard\//.exec(text);
      // The server prints its startup report in one write, so the Dashboard line comes with the rest.
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${text}`));
    });
  });
  return { child, url, output: () => text, exited };
}

/**
 * A service process on the test database of `dataDir`, as one replica of a team runs: loopback, a free port,
 * TEST_PASSWORD, no seeding and the hash embedder; `env` adds or replaces settings.
 */
export async function spawnReplica(dataDir: string, password: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  return spawnServer({
    DATA_DIR: dataDir,
    ...(await testDatabaseEnv(dataDir)),
    HOST: '127.0.0.1',
    PORT: '0',
    MCP_HTTP_PORT: '0',
    DASHBOARD_PASSWORD: password,
    SEED_ON_START: 'false',
    EMBEDDINGS_PROVIDER: 'hash',
    ...env,
  });
}

/** Signs in to the service at `url` and answers its bearer token. */
export async function signIn(url: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  return ((await login.json()) as { token: string }).token;
}
