import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { type Supervisor, superviseProcess } from './process-supervisor.js';

export interface ToolServerLaunch {
  /** The folder holding out/server/tool-server.js (the checkout). */
  appRoot: string;
  /** A Node binary: process.execPath for `npm run serve`, SERVICE_NODE_PATH for the unpackaged desktop app. */
  nodePath: string;
  /** The service's environment; the tool server reads MCP_SECRET, MCP_HTTP_PORT, HOST and DASHBOARD_PASSWORD from it. */
  env: Record<string, string | undefined>;
  /** Where the service answers, when it is not HOST:PORT from env (a port chosen at start). */
  serviceUrl?: string;
  log: (message: string) => void;
  /** The data directory the service uses: the supervisor keeps the tool server's state there for the monitor. */
  dataDir?: string;
}

/** Where the supervisor of the tool server keeps its state, for `npm run monitor` to read. */
export function toolServerStateFile(dataDir: string): string {
  return join(dataDir, 'tool-server-supervisor.json');
}

/** Whether the tool server should run at all: only with a secret (without one it would only exit with EX_CONFIG). */
export function toolServerWanted(env: Record<string, string | undefined>): boolean {
  return env.MCP_SECRET !== undefined && env.MCP_SECRET !== '';
}

/** Runs the compiled tool server (out/server/tool-server.js) in Node under a supervisor that restarts it when it dies. */
export function superviseToolServer(launch: ToolServerLaunch): Supervisor {
  const env: Record<string, string | undefined> = { ...launch.env, ...(launch.serviceUrl === undefined ? {} : { MCP_SERVICE_URL: launch.serviceUrl }) };
  delete env.ELECTRON_RUN_AS_NODE;
  return superviseProcess({
    name: 'MCP tool server',
    log: launch.log,
    ...(launch.dataDir === undefined ? {} : { stateFile: toolServerStateFile(launch.dataDir) }),
    start: () =>
      spawn(launch.nodePath, [join(launch.appRoot, 'out', 'server', 'tool-server.js')], {
        cwd: launch.appRoot,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
        // Its own process group on POSIX: a terminal's Ctrl-C must not end it behind the supervisor's back (which would
        // restart it); the supervisor's stop() ends it after the service.
        detached: process.platform !== 'win32',
      }),
  });
}
