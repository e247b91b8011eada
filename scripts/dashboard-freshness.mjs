// Whether the dashboard bundle (out/renderer) must be built before the headless service starts: missing, or older
// than any of its sources. The service serves out/renderer at /dashboard/; without this check a fresh clone
// answered 503 there until someone ran the build by hand.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the renderer bundle is built from, relative to the checkout. */
export const DASHBOARD_SOURCES = ['src/renderer', 'src/shared', 'electron.vite.config.ts', 'tsconfig.web.json', 'package-lock.json'];
export const DASHBOARD_ENTRY = join('out', 'renderer', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** undefined when out/renderer is up to date; otherwise why it needs building. */
export function dashboardBuildReason(root) {
  const entry = join(root, DASHBOARD_ENTRY);
  if (!existsSync(entry)) return 'the dashboard has not been built yet';
  const built = statSync(entry).mtimeMs;
  const changed = DASHBOARD_SOURCES.find((source) => newestMtime(join(root, source)) > built);
  return changed === undefined ? undefined : `${changed} changed since the dashboard was built`;
}
