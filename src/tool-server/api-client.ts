import { issueToken } from '../service/features/auth/index.js';
import type { ToolRoute } from './tool-definition.js';

export interface ApiClientOptions {
  serviceUrl: string;
  /** The key the service signs tokens with; undefined: the tool server cannot sign in, and says so. */
  dashboardPassword: string | undefined;
  timeoutMs?: number;
  now?: () => number;
}

export type ApiAnswer = { ok: true; body: unknown } | { ok: false; message: string };

export interface ApiClient {
  call(route: ToolRoute, input: Record<string, unknown>): Promise<ApiAnswer>;
}

/** ":id" segments take the input field of that name; the rest becomes the query (GET) or the body (POST). */
export function buildRequest(
  route: ToolRoute,
  input: Record<string, unknown>,
): { path: string; query: URLSearchParams; body: Record<string, unknown> | undefined } {
  const rest: Record<string, unknown> = { ...input };
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  if (route.method === 'POST') return { path, query, body: rest };
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined) query.set(name, String(value as string | number | boolean));
  }
  return { path, query, body: undefined };
}

/** The service's error body ({error, message, details}): its message names the field or record (and the closest matches). */
function describeRefusal(status: number, body: unknown): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? `The service refused the call (HTTP ${status}): ${message}` : `The service answered HTTP ${status}.`;
}

function unreachable(serviceUrl: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
  return (
    `The Transceiver Intelligence service at ${serviceUrl} is not answering (${cause}). ` +
    'Start it (npm run serve, or the desktop app) and try again; the tool server reaches it through MCP_SERVICE_URL.'
  );
}

/**
 * Calls the HTTP service on loopback as a signed-in user: every tool goes through the route's own schema validation,
 * rules and service function. The token is signed here from DASHBOARD_PASSWORD with the service's own signing
 * function, fresh per call (one HMAC), so nothing expires under a long-running tool server.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const now = options.now ?? Date.now;
  return {
    async call(route, input) {
      if (options.dashboardPassword === undefined) {
        return { ok: false, message: 'The tool server cannot sign in to the service: DASHBOARD_PASSWORD is not set where the tool server runs.' };
      }
      const { path, query, body } = buildRequest(route, input);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      const { token } = issueToken(options.dashboardPassword, now());
      let response: Response;
      try {
        response = await fetch(`${options.serviceUrl}${path}${search}`, {
          method: route.method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
        });
      } catch (error) {
        return { ok: false, message: unreachable(options.serviceUrl, error) };
      }
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // A non-JSON answer (a proxy's error page) is reported as its status below.
      }
      if (response.ok) return { ok: true, body: parsed };
      if (response.status === 401) {
        return { ok: false, message: "The service refused the tool server's sign-in: its DASHBOARD_PASSWORD differs from the service's." };
      }
      if (response.status === 404 && typeof parsed === 'object' && parsed !== null && (parsed as { message?: string }).message?.startsWith('No route for ')) {
        return { ok: false, message: `This service has no ${route.method} ${route.path}: it is older or newer than the tool server.` };
      }
      return { ok: false, message: describeRefusal(response.status, parsed) };
    },
  };
}
