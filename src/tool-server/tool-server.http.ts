import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isWildcardHost, serviceUrl } from '../shared/service-url.js';
import { isAuthorized, originAllowed, sendJson, setCorsHeaders } from './http-access.js';
import { connectToolServer } from './tool-call-guard.js';

export interface ToolServerHttpOptions {
  host: string;
  port: number;
  secret: string;
  allowedOrigins: string[];
  toolCount: number;
  /** A fresh MCP server for one connection (SSE) or one request (Streamable HTTP). */
  newMcpServer: () => McpServer;
  log: (message: string) => void;
}

export interface ToolServerHttp {
  listen(): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

const UNAUTHORIZED = { error: 'Unauthorized', message: 'Send Authorization: Bearer <MCP_SECRET>.' };
/** Stateless Streamable HTTP has no server-to-client stream and no session to end: only POST. */
const POST_ONLY = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this server speaks stateless Streamable HTTP; POST /mcp.' },
  id: null,
};

/**
 * The tool server's HTTP face on node:http (the SDK's transports take Node's request and response):
 * GET /health without authentication; GET /sse + POST /message (the SSE transport, one MCP session per stream, found
 * by the sessionId query parameter the SDK puts in the endpoint event); POST /mcp (Streamable HTTP, stateless: a
 * request carries everything, so a client keeps working across a restart of this process).
 */
export function createToolServerHttp(options: ToolServerHttpOptions): ToolServerHttp {
  const sessions = new Map<string, { transport: SSEServerTransport; server: McpServer }>();

  const openSse = async (response: ServerResponse): Promise<void> => {
    const transport = new SSEServerTransport('/message', response);
    const server = options.newMcpServer();
    sessions.set(transport.sessionId, { transport, server });
    transport.onclose = () => sessions.delete(transport.sessionId);
    response.on('close', () => {
      sessions.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    });
    await connectToolServer(server, transport);
  };

  const postMessage = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const sessionId = url.searchParams.get('sessionId');
    if (sessionId === null || sessionId === '') return sendJson(response, 400, { error: 'Bad Request', message: 'querystring/sessionId is required' });
    const session = sessions.get(sessionId);
    if (session === undefined) {
      return sendJson(response, 404, { error: 'Not Found', message: `No SSE session ${sessionId}: open GET /sse again (the tool server may have restarted).` });
    }
    await session.transport.handlePostMessage(request, response);
  };

  const streamable = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'POST') return sendJson(response, 405, POST_ONLY, { allow: 'POST' });
    const server = options.newMcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await connectToolServer(server, transport);
    await transport.handleRequest(request, response);
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://tool-server');
    if (url.pathname === '/health' && request.method === 'GET') return sendJson(response, 200, { status: 'ok', tools: options.toolCount });
    const known = url.pathname === '/sse' || url.pathname === '/message' || url.pathname === '/mcp';
    if (!known) return sendJson(response, 404, { error: 'Not Found', message: `No route for ${request.method ?? ''} ${url.pathname}` });
    if (!originAllowed(request, options.allowedOrigins)) {
      return sendJson(response, 403, { error: 'Forbidden', message: `Origin ${request.headers.origin ?? ''} is not in MCP_ALLOWED_ORIGINS.` });
    }
    setCorsHeaders(request, response);
    // A browser's preflight carries no credentials; the real request that follows must.
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (!isAuthorized(request, options.secret)) return sendJson(response, 401, UNAUTHORIZED, { 'www-authenticate': 'Bearer realm="mcp"' });
    if (url.pathname === '/mcp') return streamable(request, response);
    if (url.pathname === '/sse' && request.method === 'GET') return openSse(response);
    if (url.pathname === '/message' && request.method === 'POST') return postMessage(request, response, url);
    return sendJson(response, 405, { error: 'Method Not Allowed', message: `${request.method ?? ''} ${url.pathname} is not served` });
  };

  const http = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      options.log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      sendJson(response, 500, { error: 'Internal Server Error', message: 'The tool server could not handle the request.' });
    });
  });

  return {
    async listen() {
      http.listen(options.port, options.host);
      await Promise.race([once(http, 'listening'), once(http, 'error').then(([error]) => Promise.reject(error as Error))]);
      const { port } = http.address() as AddressInfo;
      return { port, url: serviceUrl(isWildcardHost(options.host) ? '127.0.0.1' : options.host, port) };
    },
    async close() {
      for (const { transport } of sessions.values()) await transport.close().catch(() => undefined);
      sessions.clear();
      if (!http.listening) return;
      const closed = once(http, 'close');
      http.close();
      http.closeAllConnections();
      await closed;
    },
  };
}
