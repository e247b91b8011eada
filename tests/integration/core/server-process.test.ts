import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnServer } from '../../helpers/spawn-server.js';
import { dropTestDatabase, TEST_ENGINE, testDatabaseEnv } from '../../helpers/test-database.js';

let dataDir: string;
afterEach(async () => {
  await dropTestDatabase(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});
/** Whether the data directory holds a SQLite file (the laptop's engine keeps its database there). */
const sqliteFiles = () => ({
  database: existsSync(join(dataDir, 'transceiver-intelligence.sqlite')),
  log: existsSync(join(dataDir, 'transceiver-intelligence.sqlite-wal')),
});

describe('the headless server process', () => {
  it('finishes an in-flight request on SIGTERM, then closes the database cleanly and exits 0', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-proc-'));
    const server = await spawnServer({ DATA_DIR: dataDir, PORT: '0', DASHBOARD_PASSWORD: 'pw-for-shutdown-test', ...(await testDatabaseEnv(dataDir)) });
    expect(server.output()).toContain('Only this computer can reach it');
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    const body = JSON.stringify({ password: 'pw-for-shutdown-test' });
    const pending = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/auth/login`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight while the server shuts down.
      req.write(body.slice(0, 5));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 100);
    });
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toHaveProperty('token');
    expect(await server.exited).toBe(0);
    // SQLite removes the write-ahead log when the last connection closes cleanly; on PostgreSQL no file is made.
    expect(sqliteFiles()).toEqual(TEST_ENGINE === 'sqlite' ? { database: true, log: false } : { database: false, log: false });
  });

  it('refuses to start, with one line per bad setting, when the configuration is invalid', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-proc-'));
    await expect(spawnServer({ DATA_DIR: dataDir, PORT: 'x', LOG_LEVEL: 'loud' }, 15_000)).rejects.toThrow(
      /exited with 1[\s\S]*PORT: "x" is not a whole number[\s\S]*LOG_LEVEL: "loud"/,
    );
  });

  it('warns when no password is set, keeps requests out of the terminal, says when search is ready, and exits 0 on SIGINT', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-proc-'));
    const server = await spawnServer({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', EMBEDDINGS_PROVIDER: 'hash', ...(await testDatabaseEnv(dataDir)) });
    expect(server.output()).toContain('DASHBOARD_PASSWORD is not set');
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await vi.waitFor(() => expect(server.output()).toContain('Search is ready: every collection is indexed.'), { timeout: 60_000, interval: 200 });
    // At the default level a request writes no line: the terminal keeps the lines a person reads.
    expect(server.output()).not.toMatch(/"url":"\/api\/health"|incoming request|request completed/);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('reads a .env file in the working directory, with the real environment winning', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-proc-'));
    writeFileSync(join(dataDir, '.env'), `DATA_DIR=${dataDir}\nDASHBOARD_PASSWORD=from-dotenv-file\nPORT=1\n`);
    const server = await spawnServer({ PORT: '0', ...(await testDatabaseEnv(dataDir)) }, 30_000, dataDir);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'from-dotenv-file' }),
    });
    expect(login.status).toBe(200);
    expect(sqliteFiles().database).toBe(TEST_ENGINE === 'sqlite');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
