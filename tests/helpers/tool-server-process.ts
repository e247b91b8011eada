import { type ChildProcess, spawn } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const TSX_LOADER = pathToFileURL(resolvePath('node_modules/tsx/dist/loader.mjs')).href;

export const TEST_MCP_SECRET = 'mcp test secret, long and random enough';

export interface ToolServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>, read from the start-up line. */
  url: string;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** The command that runs the tool server from source, as `npm run serve` runs its compiled copy. */
export function toolServerCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', TSX_LOADER, resolvePath('src/tool-server.ts')] };
}

/** The environment of a tool server child: nothing inherited but PATH and HOME, so the test says every setting. */
export function toolServerEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', MCP_HTTP_PORT: '0', ...env };
}

/** Reads "running: http://..." from a tool server's output; rejects when it exits first or stays silent. */
export function waitForToolServerUrl(child: ChildProcess, read: () => string, timeoutMs = 30_000): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tool server did not start in ${timeoutMs} ms:\n${read()}`)), timeoutMs);
    const check = () => {
      const match = /is running: (http:\/\/[^\s]+)\/mcp/.exec(read());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tool server exited with ${code} before starting:\n${read()}`));
    });
  });
}

/** Starts src/tool-server.ts in its own process and waits for its start-up line. */
export async function spawnToolServer(env: Record<string, string>): Promise<ToolServerProcess> {
  const { command, args } = toolServerCommand();
  const child = spawn(command, args, { env: toolServerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await waitForToolServerUrl(child, () => text);
  return {
    child,
    url,
    output: () => text,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export type McpTransportKind = 'sse' | 'streamable-http';

/** The SDK's own client over one of the two transports, sending the bearer secret on every request. */
export async function connectMcpClient(url: string, kind: McpTransportKind, secret = TEST_MCP_SECRET): Promise<Client> {
  const headers = { Authorization: `Bearer ${secret}` };
  const client = new Client({ name: 'tool-server-test', version: '1.0.0' });
  const transport =
    kind === 'sse'
      ? new SSEClientTransport(new URL(`${url}/sse`), {
          requestInit: { headers },
          // The event stream's GET goes through this fetch: it must carry the secret too.
          eventSourceInit: { fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) },
        })
      : new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

/** Whether a tool server answers 200 on /health at `url` (false while it is down or not yet listening). */
export function toolServerHealthy(url: string): Promise<boolean> {
  return fetch(`${url}/health`).then(
    (response) => response.status === 200,
    () => false,
  );
}
