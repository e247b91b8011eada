import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
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

/**
 * One place that turns every thrown error into `{error, message}` with the right status. Client mistakes keep
 * their message (it names the problem); server faults are logged in full and answered without internals.
 */
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
