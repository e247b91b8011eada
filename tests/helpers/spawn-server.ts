import { type ChildProcess, spawn } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';

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
