import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../context.js';
import { routeAcceptsQueryToken, routeNeedsToken } from './auth.policy.js';
import { bearerToken, createTokenVerifier, unauthorizedFor } from './auth.service.js';
import { authenticateRequest } from './request-viewer.js';

function queryToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.token;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * onRequest hook: runs before body parsing, so an unauthenticated caller costs neither parsing nor validation.
 * Routes without a pattern (404s) pass through to the JSON not-found handler.
 */
export function createAuthHook(ctx: ServiceContext) {
  const verify = createTokenVerifier({ password: ctx.config.dashboardPassword, now: ctx.now });
  return async function authHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const pattern = request.routeOptions.url;
    if (pattern === undefined || request.routeOptions.config.public === true) return;
    if (!routeNeedsToken(pattern)) return;
    let token = bearerToken(request.headers.authorization);
    if (token === undefined && routeAcceptsQueryToken(pattern)) token = queryToken(request);
    // A route that also serves anonymous callers: without a token the viewer stays anonymous (public rows only); a
    // token that is sent must still be valid.
    if (token === undefined && request.routeOptions.config.tokenOptional === true) return;
    const check = verify(token);
    if (!check.valid) throw unauthorizedFor(check.reason);
    // Row-level security downstream (internal demand) reads this viewer; only a verified token produces it.
    authenticateRequest(request, check);
  };
}
