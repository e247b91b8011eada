import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { SLUG_MAX_LENGTH } from '../../shared/api/common.schemas.js';

/**
 * The router's own refusals (a path parameter longer than any slug, a broken percent-encoding), in the service's error
 * shape. The message names the rule and never repeats the path, which may be long or hold what the client mistyped.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? `A path parameter is longer than ${SLUG_MAX_LENGTH} characters, the longest slug or id the service has`
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The path is not valid URL encoding (a "%" must be followed by two hex digits)'
        : 'The request could not be routed';
  request.log.info({ status, code: error.code }, 'request rejected');
  void reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message });
}

interface ClientError extends Error {
  code?: string;
  reason?: string;
}

function refusal(error: ClientError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request did not arrive in time' };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are larger than the server accepts' };
  // The HTTP parser's reason is one of its fixed phrases ("Invalid method encountered"), never the client's bytes.
  const reason = typeof error.reason === 'string' && error.reason !== '' ? `: ${error.reason}` : '';
  return { status: 400, message: `The request is not well-formed HTTP/1.1${reason}` };
}

/**
 * Answers a request that Node's HTTP parser refused before any route saw it (a malformed request line or header,
 * a timeout), in the service's error shape, then closes the connection, which cannot carry another request.
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = refusal(error);
    const body = JSON.stringify({ error: STATUS_CODES[status] ?? 'Error', message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
