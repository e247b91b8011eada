import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Keeps a caller's X-Request-Id when it is short and plain (so logs can be joined across hops), else a UUID. */
export function genRequestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Request log line without secrets: the WebSocket token travels in the query string. */
export function serializeRequest(req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
  return {
    method: req.method,
    url: req.url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]'),
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}
