import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProblems } from '../../../src/monitor/health-checks.js';
import { allTools } from '../../../src/tool-server/index.js';
import { connectMcpClient, spawnToolServer, TEST_MCP_SECRET, type McpTransportKind, type ToolServerProcess } from '../../helpers/tool-server-process.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';
import { toolCases } from './tool-calls.cases.js';

type ToolResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

const ALLOWED_ORIGIN = 'http://allowed.example';

describe('MCP tool server (its own process, calling the HTTP service on loopback)', () => {
  let service: TestService;
  let tools: ToolServerProcess;
  let product: string;

  beforeAll(async () => {
    service = await startTestService({ listen: true, env: { SEED_ON_START: 'true' } });
    tools = await spawnToolServer({
      MCP_SECRET: TEST_MCP_SECRET,
      MCP_SERVICE_URL: service.url,
      DASHBOARD_PASSWORD: TEST_PASSWORD,
      MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    });
    const token = await service.login();
    const page = await fetch(`${service.url}/api/prices/comparables?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    product = ((await page.json()) as { items: { operator_slug: string }[] }).items[0]!.operator_slug;
  }, 120_000);

  afterAll(async () => {
    await tools?.stop();
    await service?.close();
  });

  it('answers GET /health without authentication: {status: "ok", tools: 12}, which the monitor accepts', async () => {
    const response = await fetch(`${tools.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', tools: 12 });
    const problems = await findProblems({ serviceUrl: service.url, toolServerUrl: tools.url, timeoutMs: 5000 });
    expect(problems.map((p) => p.key)).not.toContain('tool-server-down');
  });

  it('refuses every MCP endpoint without the secret or with a wrong one (401)', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const post = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const calls: [string, RequestInit][] = [
      ['/mcp', { method: 'POST', headers: post, body: initialize }],
      ['/mcp', { method: 'POST', headers: { ...post, authorization: 'Bearer wrong' }, body: initialize }],
      ['/mcp', { method: 'POST', headers: { ...post, authorization: `Basic ${TEST_MCP_SECRET}` }, body: initialize }],
      ['/sse', { headers: { accept: 'text/event-stream' } }],
      ['/sse', { headers: { accept: 'text/event-stream', authorization: `Bearer ${TEST_MCP_SECRET}x` } }],
      ['/message?sessionId=abc', { method: 'POST', headers: post, body: initialize }],
    ];
    for (const [path, init] of calls) {
      const response = await fetch(`${tools.url}${path}`, init);
      expect(response.status, `${init.method ?? 'GET'} ${path}`).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('Unauthorized');
    }
    await expect(connectMcpClient(tools.url, 'streamable-http', 'wrong secret')).rejects.toThrow();
    await expect(connectMcpClient(tools.url, 'sse', 'wrong secret')).rejects.toThrow();
  });

  it('refuses a browser origin that MCP_ALLOWED_ORIGINS does not name (403), and answers an allowed one with CORS headers', async () => {
    const headers = { authorization: `Bearer ${TEST_MCP_SECRET}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const evil = await fetch(`${tools.url}/mcp`, { method: 'POST', headers: { ...headers, origin: 'http://evil.example' }, body });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { message: string }).message).toContain('MCP_ALLOWED_ORIGINS');
    const evilSse = await fetch(`${tools.url}/sse`, { headers: { ...headers, origin: 'http://evil.example' } });
    expect(evilSse.status).toBe(403);
    const preflight = await fetch(`${tools.url}/mcp`, { method: 'OPTIONS', headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    const allowed = await fetch(`${tools.url}/mcp`, { method: 'POST', headers: { ...headers, origin: ALLOWED_ORIGIN }, body });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
  });

  it('answers an SSE message for an unknown session with 404 and one without a session id with 400', async () => {
    const headers = { authorization: `Bearer ${TEST_MCP_SECRET}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect((await fetch(`${tools.url}/message?sessionId=nope`, { method: 'POST', headers, body })).status).toBe(404);
    expect((await fetch(`${tools.url}/message`, { method: 'POST', headers, body })).status).toBe(400);
  });

  it('answers tools/call whose arguments are not an object with -32602 (invalid params), naming params.arguments', async () => {
    const headers = { authorization: `Bearer ${TEST_MCP_SECRET}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    for (const args of ['text', [1, 2], 7]) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_transceiver', arguments: args } });
      const response = await fetch(`${tools.url}/mcp`, { method: 'POST', headers, body });
      const answer = (await response.json()) as { id: number; error?: { code: number; message: string } };
      expect(answer.id).toBe(5);
      expect(answer.error?.code, JSON.stringify(args)).toBe(-32602);
      expect(answer.error?.message).toContain('params.arguments');
      expect(answer.error!.message.length).toBeLessThan(300);
    }
  });

  describe.each<McpTransportKind>(['sse', 'streamable-http'])('over %s, with the SDK client', (kind) => {
    let client: Client;
    beforeAll(async () => {
      client = await connectMcpClient(tools.url, kind);
    });
    afterAll(async () => {
      await client?.close();
    });

    it('lists the twelve tools, each with a description, an input schema and an output schema', async () => {
      const { tools: listed } = await client.listTools();
      expect(listed.map((t) => t.name).sort()).toEqual(
        allTools()
          .map((t) => t.name)
          .sort(),
      );
      expect(listed).toHaveLength(12);
      for (const tool of listed) {
        expect(tool.description?.length, tool.name).toBeGreaterThan(80);
        expect(tool.inputSchema.type).toBe('object');
        expect(Object.keys(tool.inputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(0);
        expect(tool.outputSchema?.type, tool.name).toBe('object');
      }
    });

    const readOnlyTools = Object.keys(toolCases('')).filter((name) => name !== 'generate_blog');
    it.each(readOnlyTools)('%s: a valid call answers readable text and structured content', async (name) => {
      const result = (await client.callTool({ name, arguments: toolCases(product)[name]!.valid })) as ToolResult;
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      expect(result.content[0]?.type).toBe('text');
      expect(result.content[0]!.text.length).toBeGreaterThan(10);
      expect(typeof result.structuredContent).toBe('object');
      expect(JSON.parse(result.content[1]!.text)).toEqual(result.structuredContent);
    });

    it.each(Object.keys(toolCases('')))('%s: an invalid call is an error result naming the field, and the server keeps answering', async (name) => {
      const { invalid, field } = toolCases(product)[name]!;
      const result = (await client.callTool({ name, arguments: invalid })) as ToolResult;
      expect(result.isError).toBe(true);
      expect(result.content[0]!.text).toContain(field);
      expect((await fetch(`${tools.url}/health`)).status).toBe(200);
    });
  });

  it('answers through the same routes as a scripted client: the finder, the 404 of an unknown product, internal demand rows', async () => {
    const client = await connectMcpClient(tools.url, 'streamable-http');
    try {
      const token = await service.login();
      const direct = await (await fetch(`${service.url}/api/finder?switch=93180YC`, { headers: { authorization: `Bearer ${token}` } })).json();
      const viaTool = (await client.callTool({ name: 'find_vendor_products_for_switch', arguments: { switch: '93180YC' } })) as ToolResult;
      expect(viaTool.structuredContent).toEqual(direct);
      const unknown = (await client.callTool({ name: 'get_transceiver', arguments: { id: 'no-such-product' } })) as ToolResult;
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0]!.text).toMatch(/404.*no-such-product/);
      // The tool server signs in, so internal demand rows are visible to it (row-level security sees a user).
      const demand = (await client.callTool({ name: 'get_demand_analysis', arguments: { limit: 1 } })) as ToolResult;
      expect(demand.structuredContent?.internal_included).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('generate_blog starts a draft through POST /api/blog/generate and names its id (needs the blog engine)', async () => {
    const client = await connectMcpClient(tools.url, 'streamable-http');
    try {
      const result = (await client.callTool({ name: 'generate_blog', arguments: toolCases(product).generate_blog!.valid })) as ToolResult;
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      const draft = result.structuredContent as { id: string | number; title: string };
      expect(draft.title).toBe('Choosing 400G optics for a leaf-spine fabric');
      expect(result.content[0]!.text).toContain(String(draft.id));
    } finally {
      await client.close();
    }
  });
});
