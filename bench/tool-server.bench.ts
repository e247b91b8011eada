import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectMcpClient, type McpTransportKind } from '../tests/helpers/tool-server-process.js';
import { BENCH_PASSWORD, benchServiceEnv, benchSignIn } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import type { Timing } from './in-process-stack.js';
import { fmt } from './load.js';
import { freeLoopbackPort } from '../tests/helpers/loopback-port.js';
import { spawnTimed } from './processes.js';

const SECRET = 'bench mcp secret';
const CALLS = 200;

/** Tool calls and the route each one goes through, as a scripted client would call it. */
const CASES = [
  { tool: 'get_hype_cycle', args: { tech: '800G' }, path: '/api/hype-cycle/800G' },
  { tool: 'find_vendor_products_for_switch', args: { switch: 'N9K-C93180YC-FX' }, path: '/api/finder?switch=N9K-C93180YC-FX' },
  { tool: 'get_competitor_alerts', args: { limit: 20 }, path: '/api/competitor-alerts?limit=20' },
];

interface Row {
  tool: string;
  path: string;
  direct: Timing;
  viaTool: Record<McpTransportKind, Timing>;
}

/** p50, p99 and mean of each call, measured in rounds of one call each after a warm-up of 20 rounds. */
async function interleaved(rounds: number, calls: (() => Promise<void>)[]): Promise<Timing[]> {
  const samples = calls.map(() => [] as number[]);
  for (let round = -20; round < rounds; round += 1) {
    for (const [index, call] of calls.entries()) {
      const started = performance.now();
      await call();
      if (round >= 0) samples[index]!.push(performance.now() - started);
    }
  }
  return samples.map((values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
    return { p50: at(0.5), p99: at(0.99), mean: values.reduce((sum, v) => sum + v, 0) / values.length };
  });
}

/** The compiled tool server (out/server/tool-server.js), as `npm run serve` runs it; resolves once /health answers. */
async function startToolServer(serviceUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freeLoopbackPort();
  const child = spawn(process.execPath, ['out/server/tool-server.js'], {
    env: { PATH: process.env.PATH ?? '', MCP_SECRET: SECRET, MCP_HTTP_PORT: String(port), MCP_SERVICE_URL: serviceUrl, DASHBOARD_PASSWORD: BENCH_PASSWORD },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null || tries > 600) throw new Error('the tool server did not start');
    const up = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Tool-call latency through the tool server (MCP client -> tool server -> HTTP route on loopback) against the same
 * HTTP route called directly, in the same run: the ratio is what the extra process hop and the MCP framing cost.
 */
export async function run(): Promise<BenchSection> {
  const { dataDir, env } = benchServiceEnv('tools', { SEED_ON_START: 'true' });
  const rows: Row[] = [];
  try {
    const service = await spawnTimed(['out/server/server.js'], env, '/api/health', 300_000);
    const base = `http://127.0.0.1:${service.port}`;
    const tools = await startToolServer(base);
    const clients: Partial<Record<McpTransportKind, Client>> = {};
    try {
      const headers = await benchSignIn(base);
      clients.sse = await connectMcpClient(tools.url, 'sse', SECRET);
      clients['streamable-http'] = await connectMcpClient(tools.url, 'streamable-http', SECRET);
      for (const c of CASES) {
        const direct = async () => {
          const response = await fetch(`${base}${c.path}`, { headers });
          if (response.status !== 200) throw new Error(`${c.path} answered ${response.status}`);
          await response.arrayBuffer();
        };
        const viaTool = (kind: McpTransportKind) => async () => {
          const result = await clients[kind]!.callTool({ name: c.tool, arguments: c.args });
          if (result.isError) throw new Error(`${c.tool} failed: ${JSON.stringify(result.content)}`);
        };
        // Interleaved, one call of each per round, so a change in the shared machine's load hits all three alike.
        const timings = await interleaved(CALLS, [direct, viaTool('streamable-http'), viaTool('sse')]);
        const [directTiming, streamable, sse] = timings as [Timing, Timing, Timing];
        rows.push({ tool: c.tool, path: c.path, direct: directTiming, viaTool: { 'streamable-http': streamable, sse } });
      }
    } finally {
      await clients.sse?.close();
      await clients['streamable-http']?.close();
      await tools.stop();
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const lines = [
    `${CALLS} rounds of one call each way (interleaved, after 20 warm-up rounds), on the seeded demo catalogue. Baseline: the same HTTP route called directly`,
    'over loopback with a bearer token (`node out/server/server.js`). Via the tool: the MCP SDK client calls the tool on',
    '`node out/server/tool-server.js`, which validates the arguments, signs its token, calls that route over loopback and',
    'answers text plus structured content (checked against the output schema). Streamable HTTP is stateless (one POST per',
    'call); SSE posts to /message and reads the answer from the open event stream.',
    '',
    '| tool (route) | direct p50 ms | direct p99 ms | Streamable HTTP p50 ms | x direct | p99 ms | SSE p50 ms | x direct | p99 ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const s = r.viaTool['streamable-http'];
      const e = r.viaTool.sse;
      return (
        `| ${r.tool} (\`${r.path}\`) | ${fmt(r.direct.p50, 2)} | ${fmt(r.direct.p99, 2)} | ${fmt(s.p50, 2)} | ${fmt(s.p50 / r.direct.p50, 1)} | ${fmt(s.p99, 2)} | ` +
        `${fmt(e.p50, 2)} | ${fmt(e.p50 / r.direct.p50, 1)} | ${fmt(e.p99, 2)} |`
      );
    }),
    '',
    '- The tool adds a roughly constant cost per call (the second loopback hop, the MCP framing, the zod check of the',
    "  arguments and the SDK's check of the result against the route's reply schema), so the ratio is large only for a",
    '  route that itself answers in about a millisecond. Streamable HTTP also builds an MCP server for each request',
    '  (stateless, so clients survive a restart of the tool server); SSE keeps one per open stream.',
  ];
  return { title: 'MCP tool server: tool-call latency against the same HTTP route', markdown: lines.join('\n') };
}
