import { type Config, ConfigError, MigrationError } from '../service/public.js';

/**
 * Where the service runs, behind one small interface so the desktop shell does not care: in an Electron utility
 * process (utility-service-host.ts: the packaged app, whose native modules electron-builder rebuilt for Electron),
 * or in a plain Node child (node-service-host.ts: a checkout, whose native modules keep Node's build for tests).
 * Either way a long query or an index save runs outside the main process, so menus and windows stay responsive.
 */
export interface ServiceHost {
  /** http://127.0.0.1:<port>, what the desktop window loads. */
  url: string;
  port: number;
  /** Finishes in-flight requests and closes the database; idempotent. */
  stop(): Promise<void>;
  /** Settles when the service's process has ended, after stop() or not (a crash): the exit code, null for a signal. */
  exited: Promise<number | null>;
}

export type HostKind = 'utility-process' | 'node-child';

/**
 * `npm start` sets SERVICE_NODE_PATH for an unpackaged run; a packaged app always uses a utility process. Without
 * the variable (someone ran `electron .` by hand) a checkout uses one too, which works once the native modules
 * were rebuilt for Electron.
 */
export function chooseHostKind(options: { isPackaged: boolean; serviceNodePath: string | undefined }): HostKind {
  return !options.isPackaged && options.serviceNodePath !== undefined && options.serviceNodePath !== '' ? 'node-child' : 'utility-process';
}

/** One paragraph for the error dialog, naming what the person can do about it. */
export function explainStartFailure(error: unknown, config: Pick<Config, 'host' | 'port'> | undefined): string {
  if (error instanceof ConfigError || error instanceof MigrationError) return error.message;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE' && config !== undefined) {
    return `Port ${config.port} on ${config.host} is in use, perhaps by \`npm run serve\` or another copy of the app. Stop it or set PORT.`;
  }
  if (code === 'ERR_DLOPEN_FAILED' || /NODE_MODULE_VERSION/.test(String(message))) {
    return `A native module was built for Node, not Electron (${String(message).split('\n')[0]}). Start the app with \`npm start\`, which runs the service in Node, or rebuild the modules with \`npx electron-builder install-app-deps\`.`;
  }
  return error instanceof Error ? error.message : String(error);
}
