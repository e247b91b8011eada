import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { dashboardCspDirectives } from './content-security-policy.js';

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
  // Keyed by request.ip, which follows X-Forwarded-For only when TRUST_PROXY says the proxy is trusted.
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit of ${context.max} requests per ${context.after} exceeded; retry in ${Math.ceil(context.ttl / 1000)} s`), {
        statusCode: 429,
      }),
  });
}
