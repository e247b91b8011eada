import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { DASHBOARD_BUILD_COMMAND, DASHBOARD_BUILD_SEGMENTS } from '../../../shared/dashboard.constants.js';

/** The renderer bundle beside the application (a checkout, or process.resourcesPath in the packaged app). */
export function dashboardDir(appRoot: string): string {
  return join(appRoot, ...DASHBOARD_BUILD_SEGMENTS);
}

/**
 * Checked per request rather than once at start: `npm run build:app` empties and refills the folder while a
 * headless service may already be running, and the dashboard should appear without a restart.
 */
export function isDashboardBuilt(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

export function missingBuildMessage(dir: string): string {
  return `The dashboard is not built: ${dir} has no index.html. Run "${DASHBOARD_BUILD_COMMAND}" in the application folder, then reload.`;
}

/**
 * Vite fingerprints everything under assets/ (the name changes with the content), so those files may be cached for
 * good; the HTML pages name the current fingerprints and must be revalidated on every load.
 */
export function cacheControlFor(filePath: string): string {
  return filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** The 503 page a browser shows instead of a bare JSON body (same words as the JSON message). */
export function missingBuildPage(message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head>` +
    `<body style="font:16px system-ui,sans-serif;margin:48px"><h1>Dashboard not built</h1><p>${escapeHtml(message)}</p></body></html>`
  );
}
