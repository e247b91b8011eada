import { once } from 'node:events';
import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on: bound, read, closed. A test either starts a server on it (a port known before
 * the child starts) or points a client at it to meet a refused connection.
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
