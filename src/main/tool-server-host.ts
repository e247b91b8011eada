import { type SupervisedChild, type Supervisor, superviseProcess } from '../supervisor/process-supervisor.js';
import { superviseToolServer, toolServerStateFile, toolServerWanted } from '../supervisor/tool-server-launch.js';
import type { HostKind } from './service-host.js';

/** The part of Electron's UtilityProcess the tool server's supervisor uses (no electron import: tests run in Node). */
export interface UtilityChild {
  readonly pid: number | undefined;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

export interface DesktopToolServerOptions {
  kind: HostKind;
  /** SERVICE_NODE_PATH, for a checkout ('node-child'). */
  nodePath: string | undefined;
  appRoot: string;
  /** The service's environment; MCP_SECRET decides whether the tool server runs at all. */
  env: Record<string, string | undefined>;
  /** Where the service answers (its port may have been chosen at start). */
  serviceUrl: string;
  /** utilityProcess.fork of the bundled tool server (out/main/tool-server.js), then a SettingsMessage with this env. */
  fork: (env: Record<string, string | undefined>) => UtilityChild;
  log: (message: string) => void;
}

/** A utility process seen as a supervised child: it reports an exit code only, and kill() takes no signal. */
function asSupervised(child: UtilityChild): SupervisedChild {
  return {
    get pid() {
      return child.pid;
    },
    on(event: 'exit' | 'error', listener: (code: number | null) => void) {
      // A utility process reports failures as its exit; 'error' is a fatal V8 report we need not listen for.
      if (event === 'exit') child.on('exit', (code) => listener(code));
      return this;
    },
    kill: () => child.kill(),
  } as SupervisedChild;
}

/**
 * The desktop app's MCP tool server, beside the service and like it: a Node child in a checkout, a utility process in
 * a packaged app; restarted with backoff when it dies, stopped when the app quits. Undefined without MCP_SECRET.
 */
export function startDesktopToolServer(options: DesktopToolServerOptions): Supervisor | undefined {
  if (!toolServerWanted(options.env)) {
    options.log('MCP_SECRET is not set: the MCP tool server does not start (see README).');
    return undefined;
  }
  // The service's data directory (the desktop always sets DATA_DIR): the monitor reads the supervisor's state there.
  const dataDir = options.env.DATA_DIR;
  if (options.kind === 'node-child' && options.nodePath !== undefined) {
    return superviseToolServer({
      appRoot: options.appRoot,
      nodePath: options.nodePath,
      env: options.env,
      serviceUrl: options.serviceUrl,
      log: options.log,
      ...(dataDir === undefined ? {} : { dataDir }),
    });
  }
  const env = { ...options.env, MCP_SERVICE_URL: options.serviceUrl };
  return superviseProcess({
    name: 'MCP tool server',
    log: options.log,
    start: () => asSupervised(options.fork(env)),
    ...(dataDir === undefined ? {} : { stateFile: toolServerStateFile(dataDir) }),
  });
}
