import { ConfigProblems, type Env, readInteger, readList, readSecret, readString, readUrl } from '../service/config-parsers.js';
import { serviceUrl } from '../shared/service-url.js';
import { EXIT_CONFIG } from '../supervisor/process-supervisor.js';

/** Exit code of a tool server that must not run as configured: its supervisor does not restart it. */
export const EXIT_NOT_CONFIGURED = EXIT_CONFIG;

export interface ToolServerConfig {
  /** MCP_SECRET: the bearer secret every MCP request must carry. */
  secret: string;
  /** HOST, shared with the service: the tool server is reachable wherever the service is. */
  host: string;
  /** MCP_HTTP_PORT (3201; 0 picks a free port). */
  port: number;
  /** MCP_ALLOWED_ORIGINS: browser origins allowed to call; a request with any other Origin header is refused. */
  allowedOrigins: string[];
  /** MCP_SERVICE_URL: the HTTP service every tool calls; default http://<HOST>:<PORT> (loopback for a wildcard HOST). */
  serviceUrl: string;
  /** DASHBOARD_PASSWORD: the key the tool server signs its own API token with, as the service does. */
  dashboardPassword: string | undefined;
}

export type ToolServerConfigResult = { ok: true; config: ToolServerConfig } | { ok: false; problems: string[] };

/**
 * The tool server's settings, from the same environment (and .env) as the service. Without MCP_SECRET it must not
 * run at all: an MCP endpoint without a secret would hand the catalogue and internal demand to anyone who can reach
 * the port.
 */
export function readToolServerConfig(env: Env): ToolServerConfigResult {
  const problems = new ConfigProblems();
  const secret = readSecret(env, 'MCP_SECRET');
  if (secret === undefined) problems.add('MCP_SECRET', 'is not set, so the MCP tool server does not start (set it to a long random value; see README)');
  const host = readString(env, 'HOST', '127.0.0.1');
  const servicePort = readInteger(env, problems, 'PORT', 3200, { min: 0, max: 65535 });
  const port = readInteger(env, problems, 'MCP_HTTP_PORT', 3201, { min: 0, max: 65535 });
  const config = {
    host,
    port,
    allowedOrigins: readList(env, 'MCP_ALLOWED_ORIGINS'),
    serviceUrl: readUrl(env, problems, 'MCP_SERVICE_URL', serviceUrl(host, servicePort)),
    dashboardPassword: readSecret(env, 'DASHBOARD_PASSWORD'),
  };
  if (problems.messages.length > 0 || secret === undefined) return { ok: false, problems: problems.messages };
  return { ok: true, config: { ...config, secret } };
}
