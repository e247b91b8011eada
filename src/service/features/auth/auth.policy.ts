/**
 * Which routes need a bearer token (spec, Authentication rules 9 and 10, and the gateway's WebSocket).
 * Decided on the registered route pattern, not the raw URL, so encodings and query strings cannot dodge it.
 */
const PROTECTED_PREFIXES = ['/api/', '/search/', '/ws/'];
const PUBLIC_API_PATTERNS = [/^\/api\/health$/, /^\/api\/auth(\/.*)?$/];

export function routeNeedsToken(routePattern: string): boolean {
  if (!PROTECTED_PREFIXES.some((prefix) => routePattern.startsWith(prefix))) return false;
  return !PUBLIC_API_PATTERNS.some((pattern) => pattern.test(routePattern));
}

/** Browsers cannot set headers on a WebSocket handshake, so /ws/* routes also accept ?token=. */
export function routeAcceptsQueryToken(routePattern: string): boolean {
  return routePattern.startsWith('/ws/');
}
