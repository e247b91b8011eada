import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BUILT_INDEX = join(ROOT, 'out', 'renderer', 'index.html');
const SOURCES = [join(ROOT, 'src', 'renderer'), join(ROOT, 'src', 'shared'), join(ROOT, 'electron.vite.config.ts')];
const LOCK = join(ROOT, 'out', '.renderer-build.lock');
const LOCK_STALE_MS = 120_000;

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when out/renderer is missing or older than any file of src/renderer, src/shared or the vite config. */
export function rendererBuildIsStale(): boolean {
  if (!existsSync(BUILT_INDEX)) return true;
  const built = statSync(BUILT_INDEX).mtimeMs;
  return SOURCES.some((source) => existsSync(source) && newestMtime(source) > built);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * Builds the renderer (npx electron-vite build) when it is missing or stale, so the browser tests always test the
 * current source. Test files run in parallel workers: a lock directory (mkdir is atomic) lets one of them build
 * while the others wait for it.
 */
export async function ensureDashboardBuilt(): Promise<void> {
  if (!rendererBuildIsStale()) return;
  mkdirSync(join(ROOT, 'out'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // Another worker builds; a lock left by a killed run is taken over after LOCK_STALE_MS.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      await sleep(250);
      if (!existsSync(LOCK) && !rendererBuildIsStale()) return;
    }
  }
  try {
    if (rendererBuildIsStale()) execFileSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'pipe', timeout: 180_000 });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
