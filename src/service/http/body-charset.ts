import type { FastifyRequest } from 'fastify';
import { TextDecoder } from 'node:util';
import { AppError } from '../errors.js';

/** The charset a request's Content-Type declares (lower case), or undefined when it declares none. */
function declaredCharset(request: FastifyRequest): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(request.headers['content-type'] ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * A text body in the charset its Content-Type declares (UTF-8 when it declares none): a spreadsheet's Latin-1 CSV or
 * a UTF-16 JSON document reads as what was sent instead of as mangled UTF-8. A charset no decoder knows is refused
 * with 415 naming it.
 */
export function decodeBody(request: FastifyRequest, body: Buffer | string): string {
  if (typeof body === 'string') return body;
  const charset = declaredCharset(request) ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    throw new AppError(415, 'Unsupported Media Type', `Content-Type names charset "${charset}", which the service cannot read; send UTF-8`);
  }
  return decoder.decode(body);
}
