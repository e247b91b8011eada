/**
 * Facts about the dashboard that the service (which serves it) and the renderer (which is it) must agree on.
 * No Node imports: the renderer bundle includes this file.
 */

/** Where the service serves the renderer bundle; the Electron window opens the same address. */
export const DASHBOARD_PATH = '/dashboard/';
/** The login page, beside index.html in the bundle. */
export const DASHBOARD_LOGIN_PAGE = 'login.html';
/** The bundle's folder relative to the application root (electron.vite.config.ts renderer outDir). */
export const DASHBOARD_BUILD_SEGMENTS = ['out', 'renderer'] as const;
/** What to run when the bundle is missing. */
export const DASHBOARD_BUILD_COMMAND = 'npm run build:app';

/**
 * Spec "Limits": a running pipeline is polled every 15 to 20 seconds, at most 60 times (20 minutes). The
 * dashboard applies the same pace to every long-running job it watches (the search-index build, PDF documents).
 */
export const JOB_POLL_INTERVAL_MS = 15_000;
export const JOB_POLL_MAX_ATTEMPTS = 60;

/** Why the dashboard sent the browser to the login page; login.html?reason=<value> words it for the user. */
export const LOGIN_REASONS = ['expired', 'signed-out', 'unauthorized'] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];
