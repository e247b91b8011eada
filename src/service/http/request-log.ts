import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's two lines per request (received, completed) would bury the few lines a person reads in the terminal; in
 * their place one line per answered request, and only where it is asked for (LOG_REQUESTS, a team server's access log).
 * Failures are logged by the error handler either way.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly enabled: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!this.enabled) return;
    request.log.info({ method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

export function requestLogController(logRequests: boolean): LogController {
  return new OneLinePerRequest(logRequests);
}
