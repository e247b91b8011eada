import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopAppRoot, desktopEnvironment, needsPasswordPrompt, passwordProblem } from '../../../src/main/desktop-config.js';
import { loadConfig } from '../../../src/service/index.js';

const repoRoot = resolve(import.meta.dirname, '../../..');

describe('desktop configuration', () => {
  it('finds migrations beside package.json in a checkout and under resourcesPath when packaged', () => {
    const paths = { resourcesPath: '/opt/TI/resources', appPath: '/opt/TI/resources/app.asar' };
    expect(desktopAppRoot({ ...paths, isPackaged: true })).toBe('/opt/TI/resources');
    expect(desktopAppRoot({ ...paths, isPackaged: false, appPath: repoRoot })).toBe(repoRoot);
  });

  it('uses userData as DATA_DIR unless the operator set one', () => {
    expect(desktopEnvironment({}, { userData: '/u', storedPassword: undefined }).DATA_DIR).toBe('/u');
    expect(desktopEnvironment({ DATA_DIR: '/d' }, { userData: '/u', storedPassword: undefined }).DATA_DIR).toBe('/d');
    expect(desktopEnvironment({ DATA_DIR: '' }, { userData: '/u', storedPassword: undefined }).DATA_DIR).toBe('/u');
  });

  it('fills DASHBOARD_PASSWORD from the store only when the environment has none', () => {
    expect(desktopEnvironment({}, { userData: '/u', storedPassword: 'kept-pass' }).DASHBOARD_PASSWORD).toBe('kept-pass');
    expect(desktopEnvironment({ DASHBOARD_PASSWORD: 'env-pass' }, { userData: '/u', storedPassword: 'kept-pass' }).DASHBOARD_PASSWORD).toBe('env-pass');
    expect(desktopEnvironment({}, { userData: '/u', storedPassword: undefined }).DASHBOARD_PASSWORD).toBeUndefined();
  });

  it('asks for a password only when neither the environment nor the store has one', () => {
    expect(needsPasswordPrompt({}, undefined)).toBe(true);
    expect(needsPasswordPrompt({ DASHBOARD_PASSWORD: '' }, undefined)).toBe(true);
    expect(needsPasswordPrompt({ DASHBOARD_PASSWORD: 'env-pass' }, undefined)).toBe(false);
    expect(needsPasswordPrompt({}, 'kept-pass')).toBe(false);
  });

  it('gives the service a config with the userData folder and the kept password', () => {
    const userData = mkdtempSync(join(tmpdir(), 'ti-userdata-'));
    const env = desktopEnvironment({ PORT: '0' }, { userData, storedPassword: 'kept-password' });
    const config = loadConfig(env, { appRoot: repoRoot, version: '9.9.9' });
    expect(config.dataDir).toBe(userData);
    expect(config.dashboardPassword).toBe('kept-password');
    expect(config.migrationsDir).toBe(join(repoRoot, 'migrations'));
    expect(config.version).toBe('9.9.9');
  });

  it('checks a new password: text, 12 to 128 characters, no surrounding spaces', () => {
    expect(passwordProblem('long enough!')).toBeUndefined();
    expect(passwordProblem('eleven char')).toMatch(/at least 12/);
    expect(passwordProblem('Replace with your own password')).toMatch(/example this project prints/);
    expect(passwordProblem('x'.repeat(128))).toBeUndefined();
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem(' padded password ')).toMatch(/spaces/);
    expect(passwordProblem(12345678)).toMatch(/text/);
    expect(passwordProblem(undefined)).toMatch(/text/);
  });
});
