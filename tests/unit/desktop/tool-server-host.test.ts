import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startDesktopToolServer, type UtilityChild } from '../../../src/main/tool-server-host.js';
import type { Supervisor } from '../../../src/supervisor/process-supervisor.js';
import { TEST_MCP_SECRET, toolServerCommand } from '../../helpers/tool-server-process.js';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** utilityProcess.fork as this machine can have it: the real tool server entry in a Node child (via tsx). */
function forkStandIn(env: Record<string, string | undefined>): UtilityChild {
  const { command, args } = toolServerCommand();
  const child = spawn(command, args, { env, stdio: 'ignore' });
  return {
    get pid() {
      return child.pid;
    },
    on: (_event, listener) => child.on('exit', (code) => listener(code ?? 1)),
    kill: () => child.kill(),
  };
}

describe('the desktop app starts the MCP tool server beside the service', () => {
  let supervisor: Supervisor | undefined;
  afterAll(async () => {
    await supervisor?.stop();
  });

  it('does not start it without MCP_SECRET, and says why', () => {
    const log: string[] = [];
    const forks: unknown[] = [];
    const started = startDesktopToolServer({
      kind: 'utility-process',
      nodePath: undefined,
      appRoot: '.',
      env: { DASHBOARD_PASSWORD: 'x' },
      serviceUrl: 'http://127.0.0.1:3200',
      fork: (env) => (forks.push(env), forkStandIn(env)),
      log: (line) => log.push(line),
    });
    expect(started).toBeUndefined();
    expect(forks).toEqual([]);
    expect(log).toEqual(['MCP_SECRET is not set: the MCP tool server does not start (see README).']);
  });

  it('in a utility process: tells it where the service answers, and restarts it when it dies', async () => {
    const port = await freePort();
    const forks: Record<string, string | undefined>[] = [];
    const log: string[] = [];
    supervisor = startDesktopToolServer({
      kind: 'utility-process',
      nodePath: undefined,
      appRoot: '.',
      env: { PATH: process.env.PATH, MCP_SECRET: TEST_MCP_SECRET, MCP_HTTP_PORT: String(port) },
      serviceUrl: 'http://127.0.0.1:45678',
      fork: (env) => (forks.push(env), forkStandIn(env)),
      log: (line) => log.push(line),
    });
    const healthy = () =>
      fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
    await until(healthy, 'the tool server answering');
    expect(forks[0]).toMatchObject({ MCP_SECRET: TEST_MCP_SECRET, MCP_SERVICE_URL: 'http://127.0.0.1:45678' });
    process.kill(supervisor!.pid!, 'SIGKILL');
    await until(async () => forks.length === 2 && (await healthy()), 'the restarted tool server answering');
    expect(log.some((line) => line.startsWith('MCP tool server: restarting in'))).toBe(true);
    await supervisor!.stop();
    expect(await healthy()).toBe(false);
  }, 90_000);
});
