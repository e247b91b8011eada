import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startNodeChild } from '../../../src/main/node-service-host.js';
import { chooseHostKind, explainStartFailure } from '../../../src/main/service-host.js';
import { ConfigError, loadConfig } from '../../../src/service/index.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const PASSWORD = 'desktop child password';

function childConfig() {
  return loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ti-child-')), PORT: '0', MCP_HTTP_PORT: '0', DASHBOARD_PASSWORD: PASSWORD }, { appRoot: repoRoot });
}

const quietEnv = { ...process.env, LOG_LEVEL: 'warn', SCHEDULER_ENABLED: 'false' };

describe('choosing where the service runs', () => {
  it('uses a Node child only in a checkout started by npm start, a utility process otherwise', () => {
    expect(chooseHostKind({ isPackaged: false, serviceNodePath: '/usr/bin/node' })).toBe('node-child');
    expect(chooseHostKind({ isPackaged: false, serviceNodePath: undefined })).toBe('utility-process');
    expect(chooseHostKind({ isPackaged: false, serviceNodePath: '' })).toBe('utility-process');
    expect(chooseHostKind({ isPackaged: true, serviceNodePath: '/usr/bin/node' })).toBe('utility-process');
  });
});

describe('start failures in words', () => {
  it('names the busy port', () => {
    const error = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(explainStartFailure(error, { host: '127.0.0.1', port: 3200 })).toMatch(/Port 3200 on 127\.0\.0\.1 is in use/);
  });

  it('explains a native module built for the wrong runtime', () => {
    const error = Object.assign(new Error('The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115.'), {
      code: 'ERR_DLOPEN_FAILED',
    });
    expect(explainStartFailure(error, undefined)).toMatch(/npm start/);
  });

  it('passes configuration problems through, one per bad value', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty' }, { appRoot: repoRoot });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(explainStartFailure(error, undefined)).toContain('PORT');
  });
});

describe('the service in a Node child process', () => {
  it('starts the real headless service, answers with the desktop password, and stops gracefully', async () => {
    const config = childConfig();
    const host = await startNodeChild(config, {
      nodePath: process.execPath,
      args: ['--import', 'tsx', join(repoRoot, 'src', 'server.ts')],
      cwd: repoRoot,
      env: quietEnv,
      readyTimeoutMs: 60_000,
    });
    try {
      expect(host.port).toBeGreaterThan(0);
      expect(host.url).toBe(`http://127.0.0.1:${host.port}`);
      const health = await fetch(`${host.url}/api/health`);
      expect(health.status).toBe(200);
      const login = await fetch(`${host.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      });
      expect(login.status).toBe(200);
    } finally {
      await host.stop();
    }
    await expect(fetch(`${host.url}/api/health`)).rejects.toThrow();
    expect(await host.exited).toBe(0);
    await host.stop();
  });

  it('reports a child that dies before answering, with its error output', async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'ti-dying-')), 'dies.mjs');
    writeFileSync(script, "console.error('database is locked'); process.exit(3);");
    await expect(
      startNodeChild(childConfig(), { nodePath: process.execPath, args: [script], cwd: repoRoot, env: quietEnv, readyTimeoutMs: 60_000 }),
    ).rejects.toThrow(/exited with code 3[\s\S]*database is locked/);
  });
});
