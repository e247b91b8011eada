// Decides whether `npm start` can open the desktop app or must start the service headless.
// Plain Node (no TypeScript) because `npm start` runs before anything is built; the types are in
// electron-binary.d.mts so the unit tests in tests/unit/desktop type-check.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants } from 'node:os';

/** The installed electron package's folder, or undefined when the package itself is missing (npm install --omit=dev). */
export function findElectronPackageDir(fromDir) {
  try {
    return dirname(createRequire(join(fromDir, 'noop.js')).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * Mirrors node_modules/electron/index.js without requiring it (it throws when the binary is missing):
 * path.txt names the executable inside dist/, and ELECTRON_OVERRIDE_DIST_PATH replaces dist/.
 */
export function electronBinaryStatus(electronDir, env = process.env) {
  if (electronDir === undefined) {
    return { present: false, reason: 'the electron package is not installed (run npm install with dev dependencies)' };
  }
  const pathFile = join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const executable = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return existsSync(executable)
      ? { present: true, executable }
      : { present: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no Electron binary (${executable})` };
  }
  if (relative === undefined || relative === '') {
    return { present: false, reason: "Electron's binary is not installed" };
  }
  const executable = join(electronDir, 'dist', relative);
  if (!existsSync(executable)) return { present: false, reason: `Electron's binary is missing (${executable})` };
  return { present: true, executable };
}

/** Linux and the BSDs need an X11 or Wayland display for a window; macOS and Windows always have one. */
export function hasDisplay(env = process.env, platform = process.platform) {
  if (platform === 'win32' || platform === 'darwin') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The reasons that rule the desktop out before any download is worth trying. */
export function headlessBeforeDownload({ args, env = process.env, platform = process.platform, electronDir }) {
  if (args.includes('--headless')) return '--headless was given';
  if (electronDir === undefined) return 'the electron package is not installed (npm install --omit=dev?)';
  if (!hasDisplay(env, platform)) return 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return undefined;
}

/**
 * The one decision of `npm start`. `download` is the outcome of running electron's own install.js when the
 * binary was missing (undefined when no download was tried).
 */
export function decideLaunch({ forcedReason, status, download }) {
  if (forcedReason !== undefined) return { mode: 'headless', reason: forcedReason };
  if (status.present) return { mode: 'desktop', executable: status.executable };
  const why = download === undefined ? status.reason : `${status.reason} (download ${download.ok ? 'gave no binary' : `failed: ${download.detail}`})`;
  return { mode: 'headless', reason: why };
}

/** The single line `npm start` prints when it falls back. */
export function headlessLine(reason) {
  return `Desktop app unavailable: ${reason}; starting headless.`;
}

/** The last meaningful line of a failed download's output, cut so the fallback stays one line. */
export function summarizeFailure(output, limit = 120) {
  const lines = output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  const line = lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? 'no output';
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}

/**
 * Runs electron's install.js (what its postinstall would have done, denied by allowScripts) with a time limit,
 * so a machine without access to Electron's release downloads falls back quickly.
 */
export function downloadElectron(electronDir, { timeoutMs = 60_000, nodePath = process.execPath, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(nodePath, [join(electronDir, 'install.js')], { cwd: electronDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, detail: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ ok: true, detail: 'installed' });
      else if (signal === 'SIGKILL') resolve({ ok: false, detail: `no answer within ${Number((timeoutMs / 1000).toFixed(1))} s` });
      else resolve({ ok: false, detail: summarizeFailure(output) });
    });
  });
}

/** The exit code a shell would report for a child that ended with `code` or was killed by `signal`. */
export function exitCodeOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number === undefined ? 1 : 128 + number;
}
