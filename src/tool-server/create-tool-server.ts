import { createApiClient } from './api-client.js';
import { createMcpServer, prepareTools } from './mcp-server.factory.js';
import type { ToolServerConfig } from './tool-server.config.js';
import { createToolServerHttp } from './tool-server.http.js';
import { allTools } from './tool-registry.js';

export interface ToolServer {
  start(): Promise<{ port: number; url: string }>;
  stop(): Promise<void>;
  toolNames: string[];
}

export interface ToolServerOptions {
  log?: (message: string) => void;
  now?: () => number;
}

/** Builds the tool server from its configuration; nothing listens until start(). */
export function createToolServer(config: ToolServerConfig, options: ToolServerOptions = {}): ToolServer {
  const log = options.log ?? ((message: string) => console.error(message));
  const tools = prepareTools(allTools());
  const api = createApiClient({ serviceUrl: config.serviceUrl, dashboardPassword: config.dashboardPassword, ...(options.now ? { now: options.now } : {}) });
  const http = createToolServerHttp({
    host: config.host,
    port: config.port,
    secret: config.secret,
    allowedOrigins: config.allowedOrigins,
    toolCount: tools.length,
    newMcpServer: () => createMcpServer(tools, api),
    log,
  });
  return { start: () => http.listen(), stop: () => http.close(), toolNames: tools.map((tool) => tool.name) };
}
