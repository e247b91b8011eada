/**
 * How the desktop app turns its surroundings into the service's configuration. Pure functions (no electron
 * import) so tests/unit/desktop can check them in plain Node.
 */

import { isExamplePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../shared/password-policy.js';

type Env = Record<string, string | undefined>;

export interface DesktopPaths {
  isPackaged: boolean;
  /** process.resourcesPath: where electron-builder's extraResources (migrations/, resources/, proto/) land. */
  resourcesPath: string;
  /** app.getAppPath(): the checkout in development, the app.asar in a packaged app. */
  appPath: string;
}

/** Where migrations/ and resources/ are: beside package.json in a checkout, under resourcesPath when packaged. */
export function desktopAppRoot(paths: DesktopPaths): string {
  return paths.isPackaged ? paths.resourcesPath : paths.appPath;
}

/**
 * The environment the service is configured from: DATA_DIR defaults to Electron's userData folder (what the
 * operator set still wins), and a password kept by the desktop app fills DASHBOARD_PASSWORD when unset.
 */
export function desktopEnvironment(env: Env, options: { userData: string; storedPassword: string | undefined }): Env {
  const result: Env = { ...env };
  if (isBlank(result.DATA_DIR)) result.DATA_DIR = options.userData;
  if (isBlank(result.DASHBOARD_PASSWORD) && options.storedPassword !== undefined) result.DASHBOARD_PASSWORD = options.storedPassword;
  return result;
}

/** First launch: neither the environment nor the desktop's own store holds a password. */
export function needsPasswordPrompt(env: Env, storedPassword: string | undefined): boolean {
  return isBlank(env.DASHBOARD_PASSWORD) && storedPassword === undefined;
}

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/password-policy.js';

/** Checks a password chosen in the first-launch prompt; returns the problem in words, or undefined when fine. */
export function passwordProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'The password must be text.';
  if (value.trim() !== value) return 'The password must not start or end with spaces.';
  if (isExamplePassword(value)) return 'That is the example this project prints, which anyone can read: choose a password of your own.';
  if (passwordLength(value) < PASSWORD_MIN_LENGTH) return `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (passwordLength(value) > PASSWORD_MAX_LENGTH) return `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}

/** The same test as the service's readSecret: an empty variable counts as unset. */
function isBlank(value: string | undefined): boolean {
  return value === undefined || value === '';
}
