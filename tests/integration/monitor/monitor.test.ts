import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOnce } from '../../../src/monitor/monitor-run.js';
import { type MonitorConfig, readMonitorConfig } from '../../../src/monitor/monitor.config.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');

interface Push {
  title: string;
  priority: string;
  authorization: string | undefined;
  body: string;
}

/** An ntfy-style topic on loopback: records every POST; can be told to fail, as a topic out of reach would. */
async function startTopic(): Promise<{ url: string; pushes: Push[]; failing: { on: boolean }; close(): Promise<void> }> {
  const pushes: Push[] = [];
  const failing = { on: false };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (failing.on) return void response.writeHead(503).end();
      pushes.push({ title: String(request.headers.title), priority: String(request.headers.priority), authorization: request.headers.authorization, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/ti-alerts`, pushes, failing, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/**
 * The monitoring script against real services on loopback: one healthy, one reporting "busy" (its thresholds set to
 * zero), and one stopped. Each problem is pushed once while it lasts, its recovery once.
 */
describe('monitoring script', () => {
  let healthy: TestService;
  let busy: TestService;
  let topic: Awaited<ReturnType<typeof startTopic>>;
  let stateDir: string;
  let stoppedUrl: string;
  const config = (serviceUrl: string, extra: Partial<MonitorConfig> = {}): MonitorConfig => ({
    ...readMonitorConfig({
      MONITOR_URL: serviceUrl,
      NOTIFY_URL: topic.url,
      NOTIFY_TOKEN: 'topic-secret',
      MONITOR_STATE_FILE: join(stateDir, 'state.json'),
      MONITOR_TIMEOUT_MS: '3000',
    }),
    ...extra,
  });

  beforeAll(async () => {
    topic = await startTopic();
    stateDir = mkdtempSync(join(tmpdir(), 'ti-monitor-'));
    // Thresholds out of reach and at zero, so the verdicts do not depend on how loaded the test machine is.
    const never = { HEALTH_OVERLOADED_LOAD: '1000', HEALTH_OVERLOADED_EVENT_LOOP_MS: '600000', HEALTH_OVERLOADED_DB_MS: '600000' };
    healthy = await startTestService({
      listen: true,
      env: { ...never, HEALTH_BUSY_LOAD: '1000', HEALTH_BUSY_EVENT_LOOP_MS: '600000', HEALTH_BUSY_DB_MS: '600000' },
    });
    busy = await startTestService({ listen: true, env: { ...never, HEALTH_BUSY_LOAD: '0', HEALTH_BUSY_EVENT_LOOP_MS: '0', HEALTH_BUSY_DB_MS: '0' } });
    const stopped = await startTestService({ listen: true });
    stoppedUrl = stopped.url;
    await stopped.close();
  }, 60_000);
  afterAll(async () => {
    await healthy?.close();
    await busy?.close();
    await topic?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('pushes nothing while all is well', async () => {
    const result = await checkOnce(config(healthy.url));
    expect(result.problems).toEqual([]);
    expect(topic.pushes).toEqual([]);
  });

  it('pushes a load problem once, with the crossed thresholds, and its recovery once', async () => {
    const first = await checkOnce(config(busy.url));
    expect(first.problems.map((p) => p.key)).toEqual(['service-load']);
    expect(topic.pushes).toHaveLength(1);
    expect(topic.pushes[0]).toMatchObject({ title: 'Transceiver Intelligence is busy', priority: 'high', authorization: 'Bearer topic-secret' });
    expect(topic.pushes[0]!.body).toMatch(/^load_status busy: /);
    await checkOnce(config(busy.url));
    await checkOnce(config(busy.url));
    expect(topic.pushes).toHaveLength(1);
    await checkOnce(config(healthy.url));
    expect(topic.pushes).toHaveLength(2);
    expect(topic.pushes[1]).toMatchObject({ title: 'Recovered: Transceiver Intelligence is busy', priority: 'default' });
    await checkOnce(config(healthy.url));
    expect(topic.pushes).toHaveLength(2);
  });

  it('pushes a process that stopped answering once, and keeps a notice it could not deliver for the next run', async () => {
    topic.failing.on = true;
    const undelivered = await checkOnce(config(stoppedUrl));
    expect(undelivered.problems.map((p) => p.key)).toEqual(['service-down']);
    expect(undelivered.delivered).toEqual([]);
    topic.failing.on = false;
    await checkOnce(config(stoppedUrl));
    await checkOnce(config(stoppedUrl));
    expect(topic.pushes.slice(2).map((p) => p.title)).toEqual(['Transceiver Intelligence is not answering']);
    expect(topic.pushes[2]!.body).toContain(`${stoppedUrl}/api/health: ECONNREFUSED`);
    await checkOnce(config(healthy.url));
    expect(topic.pushes.slice(3).map((p) => p.title)).toEqual(['Recovered: Transceiver Intelligence is not answering']);
  });

  it('watches the tool server when MONITOR_MCP_URL names it', async () => {
    const result = await checkOnce(config(healthy.url, { toolServerUrl: stoppedUrl }));
    expect(result.problems.map((p) => p.key)).toEqual(['tool-server-down']);
    expect(topic.pushes.at(-1)!.title).toBe('The MCP tool server is not answering');
  });

  it('runs from the command line with --once for cron: exit 0 when well, 1 while a problem lasts, 2 for bad configuration', async () => {
    const cli = (env: Record<string, string>) =>
      run(TSX, ['src/monitor.ts', '--once'], { env: { ...process.env, MONITOR_STATE_FILE: join(stateDir, 'cli-state.json'), ...env } }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
      );
    expect(await cli({ MONITOR_URL: healthy.url })).toMatchObject({ code: 0, stdout: expect.stringMatching(/ ok\n$/) as unknown });
    const down = await cli({ MONITOR_URL: stoppedUrl });
    expect(down.code).toBe(1);
    expect(down.stdout).toContain('PROBLEM Transceiver Intelligence is not answering');
    expect(await cli({ MONITOR_URL: 'ftp://nowhere' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('MONITOR_URL: "ftp://nowhere" is not an http(s) URL') as unknown,
    });
  });
});
