import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { dashboardCspDirectives } from './content-security-policy.js';

/**
 * Security headers, CORS and the request limiter. The dashboard is same-origin, so CORS is closed unless
 * CORS_ORIGINS lists the origins of other web tools that call the API from a browser.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { directives: dashboardCspDirectives(config.dashboard.imageSources) },
    // The API is reached over plain HTTP on a LAN; HSTS would lock colleagues' browsers out.
    strictTransportSecurity: false,
  });
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
