import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DASHBOARD_PATH } from '../../../shared/dashboard.constants.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { dashboardRedirectSchema } from './dashboard.schemas.js';
import { cacheControlFor, dashboardDir, isDashboardBuilt, missingBuildMessage, missingBuildPage } from './dashboard.service.js';

/** Browsers get a readable page, every other client the usual JSON error body. */
function answerNotBuilt(request: FastifyRequest, reply: FastifyReply, dir: string): FastifyReply {
  const message = missingBuildMessage(dir);
  const wantsHtml = (request.headers.accept ?? '').includes('text/html');
  void reply.code(503).header('cache-control', 'no-store');
  if (wantsHtml) return reply.type('text/html; charset=utf-8').send(missingBuildPage(message));
  return reply.send({ error: 'Service Unavailable', message });
}

/**
 * The renderer bundle at /dashboard/ (login page /dashboard/login.html), without authentication: the pages
 * hold no data, and every API call they make carries the bearer token. `root` defaults to the application
 * root's out/renderer; tests pass another folder.
 */
export function createDashboardRoutes(root?: string): FeatureRoutes {
  return async (app, { ctx }) => {
    const dir = root ?? dashboardDir(ctx.config.appRoot);
    if (!isDashboardBuilt(dir)) ctx.logger.warn({ dir }, 'dashboard not built; /dashboard/ answers 503 until it is');

    app.addHook('onRequest', async (request, reply) => {
      if (!isDashboardBuilt(dir)) return answerNotBuilt(request, reply, dir);
    });

    app.get('/dashboard', { schema: dashboardRedirectSchema }, async (_request, reply) => reply.redirect(DASHBOARD_PATH, 302));

    await app.register(fastifyStatic, {
      root: dir,
      prefix: DASHBOARD_PATH,
      // The folder may not exist yet (see isDashboardBuilt); the warning above says so once, in our words.
      suppressWarning: true,
      index: ['index.html'],
      // Our own Cache-Control (setHeaders) instead of send's max-age=0 for everything.
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(filePath)),
      decorateReply: false,
    });
  };
}

export const dashboardRoutes: FeatureRoutes = createDashboardRoutes();
