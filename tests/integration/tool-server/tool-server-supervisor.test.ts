import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superviseProcess, type Supervisor } from '../../../src/supervisor/process-supervisor.js';
import { freeLoopbackPort } from '../../helpers/loopback-port.js';
import { connectMcpClient, TEST_MCP_SECRET, toolServerCommand, toolServerEnv, toolServerHealthy } from '../../helpers/tool-server-process.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';
import { until } from '../../helpers/wait-until.js';

describe('the tool server under its supervisor', () => {
  let service: TestService;
  let supervisor: Supervisor;
  let url: string;
  const log: string[] = [];
  const pids: (number | undefined)[] = [];

  beforeAll(async () => {
    service = await startTestService({ listen: true });
    const port = await freeLoopbackPort();
    url = `http://127.0.0.1:${port}`;
    const { command, args } = toolServerCommand();
    const env = toolServerEnv({ MCP_SECRET: TEST_MCP_SECRET, MCP_HTTP_PORT: String(port), MCP_SERVICE_URL: service.url, DASHBOARD_PASSWORD: TEST_PASSWORD });
    supervisor = superviseProcess({
      name: 'MCP tool server',
      start: () => spawn(command, args, { env, stdio: 'ignore' }),
      log: (line) => log.push(line),
      initialDelayMs: 200,
    });
    supervisor.onStart((pid) => pids.push(pid));
    pids.push(supervisor.pid);
    await until(() => toolServerHealthy(url), 'first start');
  }, 90_000);

  afterAll(async () => {
    await supervisor?.stop();
    await service?.close();
  });

  it('starts it again after kill -9, logs the death and the backoff, and the next tool call works', async () => {
    const first = supervisor.pid!;
    process.kill(first, 'SIGKILL');
    await until(() => supervisor.restarts === 1 && supervisor.pid !== undefined, 'a restart');
    expect(supervisor.pid).not.toBe(first);
    await until(() => toolServerHealthy(url), 'the restarted tool server answering');
    expect(log).toContain('MCP tool server was killed by SIGKILL');
    expect(log).toContain('MCP tool server: restarting in 200 ms (restart 1)');
    const client = await connectMcpClient(url, 'streamable-http');
    try {
      const result = (await client.callTool({ name: 'get_hype_cycle', arguments: { tech: '400G' } })) as { isError?: boolean };
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 90_000);

  it('stop() ends it for good: no restart, nothing answering', async () => {
    const pid = supervisor.pid!;
    await supervisor.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(await toolServerHealthy(url)).toBe(false);
    expect(supervisor.restarts).toBe(1);
    expect(pids).toHaveLength(2);
  });
});

describe('the supervisor itself', () => {
  it('doubles the delay with each crash in a row, up to the maximum', async () => {
    const log: string[] = [];
    const supervisor = superviseProcess({
      name: 'crasher',
      start: () => spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' }),
      log: (line) => log.push(line),
      initialDelayMs: 10,
      maxDelayMs: 40,
    });
    await until(() => supervisor.restarts >= 4, 'four restarts');
    await supervisor.stop();
    const delays = log.filter((line) => line.includes('restarting in')).map((line) => Number(/in (\d+) ms/.exec(line)![1]));
    expect(delays.slice(0, 4)).toEqual([10, 20, 40, 40]);
    expect(log[0]).toBe('crasher exited with code 3');
  });

  it('does not restart a tool server that exits because MCP_SECRET is not set', async () => {
    const log: string[] = [];
    const { command, args } = toolServerCommand();
    let exits = 0;
    const supervisor = superviseProcess({
      name: 'MCP tool server',
      start: () => {
        const child = spawn(command, args, { env: toolServerEnv({ DASHBOARD_PASSWORD: TEST_PASSWORD }), stdio: 'ignore' });
        child.on('exit', () => (exits += 1));
        return child;
      },
      log: (line) => log.push(line),
      initialDelayMs: 10,
    });
    await until(() => exits === 1, 'the unconfigured tool server to exit');
    await supervisor.stop();
    expect(log).toEqual(['MCP tool server exited with code 78 (not configured); not restarting it']);
    expect(supervisor.restarts).toBe(0);
  });
});
