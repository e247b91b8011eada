import type { ConfigOverrides } from '../service/public.js';
import type { ServiceHost } from './service-host.js';
import { isChildMessage, type ParentMessage } from './service-protocol.js';

/** The part of Electron's UtilityProcess this host uses (tests drive it with a Node child standing in). */
export interface ServiceProcess {
  postMessage(message: ParentMessage): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
  /** Piped, so a start failure that never reached the port (a crash at load) can still be explained. */
  stderr: NodeJS.ReadableStream | null;
}

export interface UtilityServiceOptions {
  /** utilityProcess.fork of the built entry (out/main/service-entry.js) in the app. */
  fork: () => ServiceProcess;
  /** The environment the config was read from; the service reads it again on its side. */
  env: Record<string, string | undefined>;
  overrides: ConfigOverrides;
  readyTimeoutMs?: number;
  /** How long a graceful stop may take before the process is killed. */
  stopTimeoutMs?: number;
}

/** A start failure as an Error carrying Node's code, so explainStartFailure can name the cause. */
function startError(message: string, code: string | undefined): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

/**
 * Runs the service in an Electron utility process: a long SQLite query or an index save there never freezes the
 * main process's menus and windows. Readiness and stop go over the parent port (service-protocol.ts).
 */
export async function startUtilityService(options: UtilityServiceOptions): Promise<ServiceHost> {
  const child = options.fork();
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail = (tail + chunk.toString()).slice(-2000);
  });
  let exitCode: number | undefined;
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve((exitCode = code))));
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<{ url: string; port: number }>((resolve, reject) => {
    timer = setTimeout(() => {
      child.kill();
      reject(new Error(`The service did not report ready within ${Math.round(readyTimeoutMs / 1000)} s.`));
    }, readyTimeoutMs);
    child.on('message', (message) => {
      if (!isChildMessage(message)) return;
      if (message.type === 'ready') resolve(message);
      else if (message.type === 'error') reject(startError(message.message, message.code));
    });
    // After an 'error' message this changes nothing: a promise settles once.
    void exited.then((code) => {
      const said = tail.trim();
      reject(new Error(`The service exited with code ${code} before it was ready.${said ? `\n${said}` : ''}`));
    });
  });
  void ready.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  child.postMessage({ type: 'start', env: options.env, overrides: options.overrides });
  const { url, port } = await ready;

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    exited,
    stop() {
      stopping ??= (async () => {
        // Posting to a process that is gone has crashed Electron's main process; there is nothing to stop anyway.
        if (exitCode !== undefined) return;
        child.postMessage({ type: 'stop' });
        const timer = setTimeout(() => child.kill(), options.stopTimeoutMs ?? 15_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
