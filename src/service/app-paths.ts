import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PRODUCT_NAME = 'Transceiver Intelligence';

/**
 * The per-user application-data folder. It is the same folder Electron reports as app.getPath('userData'),
 * so the desktop app and `npm run serve` on one laptop share one database.
 */
export function defaultDataDir(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), PRODUCT_NAME);
}

/**
 * The folder holding package.json, migrations/ and resources/. Found by walking up from this file, which
 * works from src/ (tsx, vitest), from out/server/ (compiled) and from out/main/ (electron-vite bundle).
 */
export function findAppRoot(fromUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'migrations'))) return dir;
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error(`Cannot find the application folder (package.json with migrations/) above ${fromUrl}`);
    dir = parent;
  }
}
