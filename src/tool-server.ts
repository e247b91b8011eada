import { resolve } from 'node:path';
import { environmentWithDotenv } from './service/env-file.js';
import { isSettingsMessage } from './supervisor/child-settings.js';
import { createToolServer, EXIT_NOT_CONFIGURED, readToolServerConfig } from './tool-server/index.js';

/** What an Electron utility process has as process.parentPort (messages arrive as {data} events). */
interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

/** The environment (and .env); in a packaged desktop app's utility process, the settings the app posts instead. */
function readSettings(): Promise<Record<string, string | undefined>> {
  const port = (process as NodeJS.Process & { parentPort?: ParentPortLike }).parentPort;
  if (port === undefined) return Promise.resolve(environmentWithDotenv(resolve('.env')));
  return new Promise((settle) =>
    port.on('message', ({ data }) => {
      if (isSettingsMessage(data)) settle(data.env);
    }),
  );
}

/**
 * Entry of the MCP tool server's own process (started beside the service by `npm run serve` and the desktop app,
 * which restart it if it dies). Without MCP_SECRET it says why and exits with EX_CONFIG, which its supervisor
 * takes as "do not restart".
 */
async function main(): Promise<void> {
  const read = readToolServerConfig(await readSettings());
  if (!read.ok) {
    console.error(`MCP tool server not started:\n${read.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(EXIT_NOT_CONFIGURED);
  }
  const { config } = read;
  const server = createToolServer(config);
  let stopping = false;
  const shutdown = () => {
    if (stopping) process.exit(1);
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  try {
    const { url } = await server.start();
    const lines = [
      `MCP tool server (${server.toolNames.length} tools) is running: ${url}/mcp (Streamable HTTP), ${url}/sse (SSE), ${url}/health`,
      `Its tools call the service at ${config.serviceUrl}${config.dashboardPassword === undefined ? ' (DASHBOARD_PASSWORD is not set: every tool will answer that it cannot sign in)' : ''}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE' ? `MCP tool server: port ${config.port} on ${config.host} is in use; stop the other instance or set MCP_HTTP_PORT.` : String(error),
    );
    process.exit(1);
  }
}

void main();
