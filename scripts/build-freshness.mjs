// Whether `npm start` / `npm run serve` must build before starting: an output missing, or older than any of its
// sources. The service serves out/renderer at /dashboard/ (a fresh clone answered 503 there until someone built it by
// hand), and runs from out/server, whose compiler takes seconds even when nothing changed, on every start.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the renderer bundle is built from, relative to the checkout. */
export const DASHBOARD_SOURCES = ['src/renderer', 'src/shared', 'electron.vite.config.ts', 'tsconfig.web.json', 'package-lock.json'];
export const DASHBOARD_ENTRY = join('out', 'renderer', 'index.html');

/** The service's compiler project; its own file list says what the service is built from. */
const SERVICE_PROJECT = 'tsconfig.server.json';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** undefined when `marker` (written by every build) is newer than every source; otherwise why a build is needed. */
function buildReason(root, { what, marker, sources }) {
  const built = join(root, marker);
  if (!existsSync(built)) return `${what} has not been built yet`;
  const builtAt = statSync(built).mtimeMs;
  const changed = sources.find((source) => newestMtime(join(root, source)) > builtAt);
  return changed === undefined ? undefined : `${changed} changed since ${what} was built`;
}

/** undefined when out/renderer is up to date; otherwise why it needs building. */
export function dashboardBuildReason(root) {
  return buildReason(root, { what: 'the dashboard', marker: DASHBOARD_ENTRY, sources: DASHBOARD_SOURCES });
}

/**
 * undefined when out/server is up to date; otherwise why it needs building. The compiler rewrites its build-info file
 * whenever it emits, so that file marks the last build; the sources are the project's own includes (folders of a
 * "folder/**" pattern), the compiler settings and the lock file.
 */
export function serviceBuildReason(root) {
  const project = JSON.parse(readFileSync(join(root, SERVICE_PROJECT), 'utf8'));
  const includes = project.include.map((pattern) => pattern.replace(/\/\*\*\/.*$/, ''));
  const base = project.extends === undefined ? [] : [project.extends.replace(/^\.\//, '')];
  const sources = [...includes, SERVICE_PROJECT, ...base, 'package-lock.json'];
  return buildReason(root, { what: 'the service', marker: project.compilerOptions.tsBuildInfoFile, sources });
}
