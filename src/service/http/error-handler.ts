import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { SqlDialect } from '../db/dialects/sql-dialect.js';
import { AppError } from '../errors.js';

interface ErrorPayload {
  error: string;
  message: string;
  details?: unknown;
  requestId?: string;
}

function statusName(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** Seconds a client is asked to wait before it retries while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

type ErrorHandler = (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * One place that turns every thrown error into `{error, message}` with the right status. Client mistakes keep
 * their message (it names the problem); server faults are logged in full and answered without internals; a database
 * that cannot be reached right now is a 503 with Retry-After, since the request may well succeed moments later.
 */
export function createErrorHandler(dialect: Pick<SqlDialect, 'unavailable'>): ErrorHandler {
  return (error, request, reply) => {
    if (dialect.unavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ error: 'Service Unavailable', message: 'The database cannot be reached right now; try again in a few seconds.', requestId: request.id });
      return;
    }
    errorHandler(error, request, reply);
  };
}

export function errorHandler(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply): void {
  let status = 500;
  let payload: ErrorPayload;
  if (error instanceof AppError) {
    status = error.statusCode;
    payload = { error: error.error, message: error.message, ...(error.details !== undefined ? { details: error.details } : {}) };
  } else if ('validation' in error && error.validation) {
    status = 400;
    payload = { error: 'Bad Request', message: error.message, details: error.validation };
  } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    payload = { error: statusName(status), message: error.message };
  } else {
    payload = { error: 'Internal Server Error', message: `Unexpected server error; the server log has the details (request ${request.id})` };
  }
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    payload.requestId = request.id;
  } else if (status !== 401 && status !== 404) {
    request.log.info({ status, message: payload.message }, 'request rejected');
  }
  void reply.code(status).send(payload);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
}
