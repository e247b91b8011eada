import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDesktopToolServer, type UtilityChild } from '../../../src/main/tool-server-host.js';
import type { Supervisor } from '../../../src/supervisor/process-supervisor.js';
import type { SettingsMessage } from '../../../src/supervisor/child-settings.js';
import { freeLoopbackPort } from '../../helpers/loopback-port.js';
import { TEST_MCP_SECRET, toolServerHealthy } from '../../helpers/tool-server-process.js';
import { until } from '../../helpers/wait-until.js';

const PARENT_PORT = resolve('tests/helpers/parent-port-stand-in.ts');

/**
 * utilityProcess.fork as this machine can have it: the real tool server entry in a Node child (via tsx) whose
 * process.parentPort is the IPC channel, handed its settings the way lifecycle.ts hands them.
 */
function forkStandIn(env: Record<string, string | undefined>): UtilityChild {
  const child = fork(resolve('src/tool-server.ts'), [], {
    execArgv: ['--import', 'tsx', '--import', PARENT_PORT],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const settings: SettingsMessage = { type: 'settings', env };
  child.send(settings);
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

  it('in a utility process: hands it its settings over the parent port, with where the service answers, and restarts it when it dies', async () => {
    const port = await freeLoopbackPort();
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
    const healthy = () => toolServerHealthy(`http://127.0.0.1:${port}`);
    await until(healthy, 'the tool server answering');
    expect(forks[0]).toMatchObject({ MCP_SECRET: TEST_MCP_SECRET, MCP_SERVICE_URL: 'http://127.0.0.1:45678' });
    // The settings came over the parent port: the secret is not in the process's environment.
    if (process.platform === 'linux') expect(readFileSync(`/proc/${supervisor!.pid!}/environ`, 'utf8')).not.toContain('MCP_SECRET');
    process.kill(supervisor!.pid!, 'SIGKILL');
    await until(async () => forks.length === 2 && (await healthy()), 'the restarted tool server answering');
    expect(log.some((line) => line.startsWith('MCP tool server: restarting in'))).toBe(true);
    await supervisor!.stop();
    expect(await healthy()).toBe(false);
  }, 90_000);
});
