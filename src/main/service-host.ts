import { type Config, ConfigError, MigrationError } from '../service/public.js';

/**
 * Where the service runs, behind one small interface so the desktop shell does not care: inside Electron's
 * main process (packaged app, whose native modules electron-builder rebuilt for Electron), or in a plain Node
 * child (a checkout, whose native modules keep Node's build for tests; see node-service-host.ts). A utility
 * process would be a third implementation of the same interface.
 */
export interface ServiceHost {
  /** http://127.0.0.1:<port>, what the desktop window loads. */
  url: string;
  port: number;
  /** Finishes in-flight requests and closes the database; idempotent. */
  stop(): Promise<void>;
}

export type HostKind = 'in-process' | 'node-child';

/**
 * `npm start` sets SERVICE_NODE_PATH for an unpackaged run; a packaged app always hosts the service itself.
 * Without the variable (someone ran `electron .` by hand) the service runs in-process, which works once the
 * native modules were rebuilt for Electron.
 */
export function chooseHostKind(options: { isPackaged: boolean; serviceNodePath: string | undefined }): HostKind {
  return !options.isPackaged && options.serviceNodePath !== undefined && options.serviceNodePath !== '' ? 'node-child' : 'in-process';
}

/**
 * Loads the service's full module graph only here: it includes native addons, which must match the runtime
 * (Electron's ABI in a packaged app). In a checkout's node-child mode this import never happens.
 */
export async function startInProcess(config: Config): Promise<ServiceHost> {
  const { createService } = await import('../service/index.js');
  const service = await createService(config);
  try {
    const { url, port } = await service.start();
    return { url, port, stop: () => service.stop() };
  } catch (error) {
    await service.stop();
    throw error;
  }
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
