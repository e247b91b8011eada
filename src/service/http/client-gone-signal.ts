import type { FastifyReply } from 'fastify';
import { ClientGoneError } from '../errors.js';

/**
 * A signal that aborts (with ClientGoneError) when the client's connection closes before its answer was sent, so a
 * route hands it to the heavy work it starts and that work stops for a client that has given up.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new ClientGoneError());
  });
  return controller.signal;
}
