import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { explainStartFailure } from '../../../src/main/service-host.js';
import type { ChildMessage } from '../../../src/main/service-protocol.js';
import { startUtilityService } from '../../../src/main/utility-service-host.js';
import { forkServiceStandIn, type StandInProcess } from '../../helpers/utility-process-stand-in.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const PASSWORD = 'utility process password';
const dirs: string[] = [];

function serviceEnv(extra: Record<string, string> = {}): Record<string, string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-utility-'));
  dirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    MCP_HTTP_PORT: '0',
    DASHBOARD_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    SCHEDULER_ENABLED: 'false',
    SEED_ON_START: 'false',
    EMBEDDINGS_PROVIDER: 'hash',
    ...extra,
  };
}

function nextMessage(child: StandInProcess): Promise<ChildMessage> {
  return new Promise((done) => child.on('message', (message) => done(message as ChildMessage)));
}

const children: StandInProcess[] = [];
function fork(entry?: string): StandInProcess {
  const child = forkServiceStandIn(entry);
  children.push(child);
  return child;
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill();
    await child.closed;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the service entry under a stand-in parent port', () => {
  it('answers start with ready and a URL that serves, and stop with stopped, then exits 0', async () => {
    const child = fork();
    const first = nextMessage(child);
    child.postMessage({ type: 'start', env: serviceEnv(), overrides: { appRoot: repoRoot } });
    const ready = await first;
    expect(ready).toMatchObject({ type: 'ready', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    const url = (ready as { url: string }).url;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    child.postMessage({ type: 'stop' });
    expect(await child.closed).toBe(0);
    expect(child.received.map((message) => (message as ChildMessage).type)).toEqual(['ready', 'stopped']);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('works the same from the bundle electron-vite builds (out/main/service-entry.js and its chunks)', async () => {
    const built = join(repoRoot, 'out', 'main', 'service-entry.js');
    expect(existsSync(built), `${built} is missing: run npm run build:app first`).toBe(true);
    const host = await startUtilityService({ fork: () => fork(built), env: serviceEnv(), overrides: { appRoot: repoRoot } });
    expect((await fetch(`${host.url}/api/health`)).status).toBe(200);
    await host.stop();
    await expect(fetch(`${host.url}/api/health`)).rejects.toThrow();
  });

  it("ignores messages that are not the protocol's, and a stop before any start still ends cleanly", async () => {
    const child = fork();
    child.postMessage({ type: 'reboot' } as never);
    child.postMessage({ type: 'stop' });
    expect(await child.closed).toBe(0);
    expect(child.received).toEqual([{ type: 'stopped' }]);
  });
});

describe('the utility-process host', () => {
  it('starts the service with the environment sent over the port, signs in with its password, and stops it', async () => {
    let child: StandInProcess | undefined;
    const host = await startUtilityService({ fork: () => (child = fork()), env: serviceEnv(), overrides: { appRoot: repoRoot, version: '9.8.7' } });
    try {
      expect(host.url).toBe(`http://127.0.0.1:${host.port}`);
      const health = (await (await fetch(`${host.url}/api/health`)).json()) as { version: string };
      expect(health.version).toBe('9.8.7');
      const login = await fetch(`${host.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      });
      expect(login.status).toBe(200);
    } finally {
      await host.stop();
    }
    expect(await child?.closed).toBe(0);
    expect(await host.exited).toBe(0);
    expect(child?.received.at(-1)).toEqual({ type: 'stopped' });
    await host.stop();
  });

  it('lets the shell know when the service dies while it runs', async () => {
    let child: StandInProcess | undefined;
    const host = await startUtilityService({ fork: () => (child = fork()), env: serviceEnv(), overrides: { appRoot: repoRoot } });
    child?.kill();
    expect(await host.exited).not.toBe(0);
    await host.stop();
    await expect(fetch(`${host.url}/api/health`)).rejects.toThrow();
  });

  it("reports an invalid configuration in the service's words, and the process exits 1", async () => {
    let child: StandInProcess | undefined;
    const started = startUtilityService({ fork: () => (child = fork()), env: serviceEnv({ PORT: 'eighty' }), overrides: { appRoot: repoRoot } });
    await expect(started).rejects.toThrow(/Invalid configuration[\s\S]*PORT: "eighty" is not a whole number/);
    expect(await child?.closed).toBe(1);
  });

  it('passes the error code of a busy port, so the dialog can name the port', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const port = (blocker.address() as { port: number }).port;
    try {
      const error = await startUtilityService({ fork: () => fork(), env: serviceEnv({ PORT: String(port) }), overrides: { appRoot: repoRoot } }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
      expect(explainStartFailure(error, { host: '127.0.0.1', port })).toContain(`Port ${port} on 127.0.0.1 is in use`);
    } finally {
      blocker.close();
    }
  });

  it('reports a process that dies before it could say anything, with its error output', async () => {
    const entry = join(mkdtempSync(join(tmpdir(), 'ti-dying-')), 'dies.mjs');
    dirs.push(join(entry, '..'));
    writeFileSync(entry, "console.error('cannot load better_sqlite3.node'); process.exit(3);");
    await expect(startUtilityService({ fork: () => fork(entry), env: serviceEnv(), overrides: { appRoot: repoRoot } })).rejects.toThrow(
      /exited with code 3[\s\S]*cannot load better_sqlite3\.node/,
    );
  });
});
