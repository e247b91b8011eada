import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { DASHBOARD_PATH } from '../../shared/dashboard.constants.js';
import type { Config } from '../config.js';
import { dashboardCspDirectives } from './content-security-policy.js';

const WINDOW_UNITS = [
  { ms: 3_600_000, one: 'hour', many: 'hours' },
  { ms: 60_000, one: 'minute', many: 'minutes' },
  { ms: 1000, one: 'second', many: 'seconds' },
] as const;

/** 60000 -> "minute", 300000 -> "5 minutes", 1500 -> "1.5 seconds": the window as the 429 message names it. */
function describeWindow(ms: number): string {
  const unit = WINDOW_UNITS.find((u) => ms % u.ms === 0) ?? WINDOW_UNITS[2];
  const count = ms / unit.ms;
  return count === 1 ? unit.one : `${count} ${unit.many}`;
}

/**
 * Security headers, CORS and the request limiter. The dashboard is same-origin, so CORS is closed unless
 * CORS_ORIGINS lists the origins of other web tools that call the API from a browser.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // helmet's headers depend on the configuration alone, so its middleware is built once here and applied by one
  // synchronous hook: the @fastify/helmet plugin built it anew on every request (parsing the CSP directives each time)
  // through two hooks, which cost the catalogue list about a twentieth of its time. Same headers on every response.
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: dashboardCspDirectives(config.dashboard.imageSources) },
    // The API is reached over plain HTTP on a LAN; HSTS would lock colleagues' browsers out.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && (allowed.has('*') || allowed.has(origin))),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'X-Total-Count'],
    maxAge: 600,
  });
  // The dashboard's files are the same for everyone and cost one file read: they are no part of the API budget, so a
  // burst of API calls never leaves a colleague with a blank page. Decided per route here, before the limiter's own
  // onRoute hook reads the route's config.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DASHBOARD_PATH)) route.config = { ...route.config, rateLimit: false };
  });
  const window = describeWindow(config.rateLimit.windowMs);
  // Keyed by request.ip, which follows X-Forwarded-For only when TRUST_PROXY says the proxy is trusted.
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit of ${context.max} requests per ${window} exceeded; retry in ${Math.ceil(context.ttl / 1000)} s`), {
        statusCode: 429,
      }),
  });
}
