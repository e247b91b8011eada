import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/service/index.js';
import { startupLines } from '../../../src/startup-report.js';
import { EXIT_NOT_CONFIGURED } from '../../../src/tool-server/index.js';
import { freeLoopbackPort } from '../../helpers/loopback-port.js';
import {
  connectMcpClient,
  spawnToolServer,
  TEST_MCP_SECRET,
  toolServerCommand,
  toolServerEnv,
  type ToolServerProcess,
} from '../../helpers/tool-server-process.js';
import { TEST_PASSWORD } from '../../helpers/test-service.js';

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };

describe('MCP tool server when something is missing', () => {
  it('does not start without MCP_SECRET, says why, and exits with EX_CONFIG so no supervisor restarts it', async () => {
    const { command, args } = toolServerCommand();
    const child = spawn(command, args, { env: toolServerEnv({ DASHBOARD_PASSWORD: TEST_PASSWORD }), stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(EXIT_NOT_CONFIGURED);
    expect(text).toContain('MCP tool server not started');
    expect(text).toContain('MCP_SECRET: is not set');
  });

  it("says in the service's start-up lines that the tool server does not start without MCP_SECRET", () => {
    const without = startupLines(loadConfig({ DASHBOARD_PASSWORD: TEST_PASSWORD }), 'http://127.0.0.1:3200', 3200);
    expect(without).toContain('MCP_SECRET is not set: the MCP tool server (port 3201) does not start (see README).');
    const withSecret = startupLines(loadConfig({ DASHBOARD_PASSWORD: TEST_PASSWORD, MCP_SECRET: TEST_MCP_SECRET }), 'http://127.0.0.1:3200', 3200);
    expect(withSecret.join('\n')).not.toContain('MCP_SECRET');
  });

  describe('with the service down, or without the password to sign in to it', () => {
    let down: ToolServerProcess;
    let unsigned: ToolServerProcess;
    beforeAll(async () => {
      const serviceUrl = `http://127.0.0.1:${await freeLoopbackPort()}`;
      down = await spawnToolServer({ MCP_SECRET: TEST_MCP_SECRET, MCP_SERVICE_URL: serviceUrl, DASHBOARD_PASSWORD: TEST_PASSWORD });
      unsigned = await spawnToolServer({ MCP_SECRET: TEST_MCP_SECRET, MCP_SERVICE_URL: serviceUrl });
    }, 60_000);
    afterAll(async () => {
      await down?.stop();
      await unsigned?.stop();
    });

    it('answers a tool call with an error result in plain words, and stays up', async () => {
      const client = await connectMcpClient(down.url, 'streamable-http');
      try {
        const result = (await client.callTool({ name: 'get_hype_cycle', arguments: { tech: '800G' } })) as ToolResult;
        expect(result.isError).toBe(true);
        expect(result.content[0]!.text).toMatch(/service at http:\/\/127\.0\.0\.1:\d+ is not answering \(ECONNREFUSED\)/);
        expect((await fetch(`${down.url}/health`)).status).toBe(200);
      } finally {
        await client.close();
      }
    });

    it('says that DASHBOARD_PASSWORD is missing rather than calling the service unauthenticated', async () => {
      const client = await connectMcpClient(unsigned.url, 'sse');
      try {
        const result = (await client.callTool({ name: 'forecast_sales', arguments: { technology: '400G' } })) as ToolResult;
        expect(result.isError).toBe(true);
        expect(result.content[0]!.text).toContain('DASHBOARD_PASSWORD is not set');
      } finally {
        await client.close();
      }
    });
  });
});
