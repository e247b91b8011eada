import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Constant-time: both sides are hashed to 32 bytes first, so neither the content nor the length of the secret
 * leaks through the time a wrong guess takes.
 */
export function secretMatches(given: string, secret: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

/** The bearer credential of a request, or undefined when the header is missing or another scheme. */
export function bearerOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
}

export function isAuthorized(request: IncomingMessage, secret: string): boolean {
  const given = bearerOf(request);
  // Still compare on a missing token, so a request without one costs the same as a wrong one.
  return secretMatches(given ?? '', secret) && given !== undefined;
}

/**
 * Browsers send Origin on cross-site requests; MCP clients outside a browser send none. A page from another origin
 * (a DNS-rebinding attack, a malicious site on the salesperson's laptop) is refused unless MCP_ALLOWED_ORIGINS names it.
 */
export function originAllowed(request: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  return origin === undefined || allowed.includes(origin);
}

/** CORS headers for an allowed browser origin: the MCP headers a client sends and the session id it must read. */
export function setCorsHeaders(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('vary', 'Origin');
  response.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  response.setHeader('access-control-allow-headers', 'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id');
  response.setHeader('access-control-expose-headers', 'mcp-session-id');
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}
