import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decideLaunch,
  downloadElectron,
  electronBinaryStatus,
  exitCodeOf,
  findElectronPackageDir,
  hasDisplay,
  headlessBeforeDownload,
  headlessLine,
  summarizeFailure,
} from '../../../scripts/electron-binary.mjs';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** A stand-in for node_modules/electron: path.txt and dist/ as electron's install.js leaves them. */
function fakeElectronDir(options: { pathTxt?: string; binary?: string; installScript?: string } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'ti-electron-'));
  if (options.pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), options.pathTxt);
  if (options.binary !== undefined) {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'dist', options.binary), '#!/bin/sh\n');
  }
  if (options.installScript !== undefined) writeFileSync(join(dir, 'install.js'), options.installScript);
  return dir;
}

describe('electron binary detection', () => {
  it('finds the electron package of the checkout and nothing outside one', () => {
    expect(findElectronPackageDir(repoRoot)).toBe(join(repoRoot, 'node_modules', 'electron'));
    expect(findElectronPackageDir(mkdtempSync(join(tmpdir(), 'ti-empty-')))).toBeUndefined();
  });

  it('reports the executable named by path.txt when dist/ holds it', () => {
    const dir = fakeElectronDir({ pathTxt: 'electron', binary: 'electron' });
    expect(electronBinaryStatus(dir, {})).toEqual({ present: true, executable: join(dir, 'dist', 'electron') });
  });

  it('reports a missing binary when the postinstall never ran (no path.txt)', () => {
    const status = electronBinaryStatus(fakeElectronDir(), {});
    expect(status).toEqual({ present: false, reason: "Electron's binary is not installed" });
  });

  it('reports a missing binary when path.txt points at nothing', () => {
    const status = electronBinaryStatus(fakeElectronDir({ pathTxt: 'electron' }), {});
    expect(status.present).toBe(false);
    expect(status.present === false && status.reason).toMatch(/missing/);
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like electron/index.js', () => {
    const dir = fakeElectronDir({ pathTxt: 'electron' });
    const override = fakeElectronDir({ binary: 'electron' });
    expect(electronBinaryStatus(dir, { ELECTRON_OVERRIDE_DIST_PATH: join(override, 'dist') })).toEqual({
      present: true,
      executable: join(override, 'dist', 'electron'),
    });
  });

  it('explains a missing package', () => {
    expect(electronBinaryStatus(undefined, {})).toMatchObject({ present: false, reason: expect.stringContaining('not installed') });
  });
});

describe('headless or desktop', () => {
  it('needs a display on Linux but not on Windows or macOS', () => {
    expect(hasDisplay({}, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(hasDisplay({}, 'win32')).toBe(true);
    expect(hasDisplay({}, 'darwin')).toBe(true);
  });

  it('rules the desktop out before any download for --headless, a missing package or no display', () => {
    const electronDir = fakeElectronDir();
    const display = { DISPLAY: ':0' };
    expect(headlessBeforeDownload({ args: ['--headless'], env: display, platform: 'linux', electronDir })).toMatch(/--headless/);
    expect(headlessBeforeDownload({ args: [], env: display, platform: 'linux', electronDir: undefined })).toMatch(/electron package/);
    expect(headlessBeforeDownload({ args: [], env: {}, platform: 'linux', electronDir })).toMatch(/no display/);
    expect(headlessBeforeDownload({ args: [], env: display, platform: 'linux', electronDir })).toBeUndefined();
  });

  it('opens the desktop when the binary is present', () => {
    const decision = decideLaunch({ forcedReason: undefined, status: { present: true, executable: '/x/electron' }, download: undefined });
    expect(decision).toEqual({ mode: 'desktop', executable: '/x/electron' });
  });

  it('falls back to headless with the download failure as the reason', () => {
    const decision = decideLaunch({
      forcedReason: undefined,
      status: { present: false, reason: "Electron's binary is not installed" },
      download: { ok: false, detail: 'no answer within 60 s' },
    });
    expect(decision).toEqual({ mode: 'headless', reason: "Electron's binary is not installed (download failed: no answer within 60 s)" });
  });

  it('lets a forced reason win even over a present binary', () => {
    const decision = decideLaunch({ forcedReason: '--headless was given', status: { present: true, executable: '/x/electron' }, download: undefined });
    expect(decision).toEqual({ mode: 'headless', reason: '--headless was given' });
  });

  it('says why in exactly one line', () => {
    const line = headlessLine("Electron's binary is not installed (download failed: fetch failed)");
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^Desktop app unavailable: Electron's binary is not installed .*; starting headless\.$/);
  });

  it('keeps the telling line of a failed download and drops stack frames', () => {
    const output = 'TypeError: fetch failed\n    at node:internal/deps/undici:13502:13\n    at async downloadArtifact\n';
    expect(summarizeFailure(output)).toBe('TypeError: fetch failed');
    expect(summarizeFailure(`Error: ${'x'.repeat(300)}`, 40)).toHaveLength(40);
    expect(summarizeFailure('')).toBe('no output');
  });
});

describe('downloadElectron runs electron/install.js', () => {
  it('reports success when install.js exits 0', async () => {
    const dir = fakeElectronDir({ installScript: 'process.exit(0);' });
    expect(await downloadElectron(dir, { timeoutMs: 20_000 })).toEqual({ ok: true, detail: 'installed' });
  });

  it('reports the error line when install.js fails', async () => {
    const dir = fakeElectronDir({ installScript: "console.error('RequestError: getaddrinfo ENOTFOUND github.com\\n    at foo'); process.exit(1);" });
    expect(await downloadElectron(dir, { timeoutMs: 20_000 })).toEqual({ ok: false, detail: 'RequestError: getaddrinfo ENOTFOUND github.com' });
  });

  it('gives up on an install.js that never finishes', async () => {
    const dir = fakeElectronDir({ installScript: 'setInterval(() => {}, 1000);' });
    expect(await downloadElectron(dir, { timeoutMs: 300 })).toEqual({ ok: false, detail: 'no answer within 0.3 s' });
  });
});

describe('exitCodeOf', () => {
  it('passes exit codes through and maps signals the way a shell does', () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(3, null)).toBe(3);
    expect(exitCodeOf(null, 'SIGINT')).toBe(130);
    expect(exitCodeOf(null, 'SIGTERM')).toBe(143);
    expect(exitCodeOf(null, null)).toBe(1);
  });
});
