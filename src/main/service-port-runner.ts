import type { Service } from '../service/index.js';
import { serviceUrl } from '../shared/service-url.js';
import { type ChildMessage, isParentMessage, type ParentMessage, type ParentPortLike } from './service-protocol.js';

function errorMessage(error: unknown): ChildMessage {
  const { code, message } = error as NodeJS.ErrnoException;
  return { type: 'error', message: typeof message === 'string' ? message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * The service's side of the protocol: on 'start' it builds and starts the service and answers 'ready' (or 'error'
 * and exits 1); on 'stop' it finishes in-flight requests, closes the database, answers 'stopped' and exits 0.
 * `exit` is process.exit in the utility process: it does not end by itself while the parent port is open.
 */
export function serveOverParentPort(port: ParentPortLike, exit: (code: number) => void): void {
  let starting: Promise<Service | undefined> | undefined;
  let stopping = false;

  const start = async (message: Extract<ParentMessage, { type: 'start' }>): Promise<Service | undefined> => {
    let service: Service | undefined;
    try {
      // Imported here, not at the top: a native module built for the wrong runtime then fails inside this try and
      // reaches the main process as an error message with its code, instead of a silent crash at load.
      const { createService, loadConfig } = await import('../service/index.js');
      const config = loadConfig(message.env, message.overrides);
      service = await createService(config);
      const { port: listening } = await service.start();
      port.postMessage({ type: 'ready', url: serviceUrl(config.host, listening), port: listening });
      return service;
    } catch (error) {
      await service?.stop().catch(() => undefined);
      port.postMessage(errorMessage(error));
      exit(1);
      return undefined;
    }
  };

  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    try {
      // A stop during start waits for the start, so the database is never left open.
      const service = await starting;
      await service?.stop();
      port.postMessage({ type: 'stopped' });
      exit(0);
    } catch (error) {
      port.postMessage(errorMessage(error));
      exit(1);
    }
  };

  port.on('message', ({ data }) => {
    if (!isParentMessage(data)) return;
    if (data.type === 'stop') void stop();
    else if (starting === undefined && !stopping) starting = start(data);
  });
}
