import type { FastifyInstance } from 'fastify';

/**
 * Closes the server, letting in-flight requests finish. Node closes idle keep-alive sockets once, when close()
 * starts; a socket whose request finishes later would then linger until its keep-alive timeout. So idle sockets
 * are swept until the server has closed, and after graceMs anything left is cut.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const server = app.server;
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
