import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { registerOpenApi } from './openapi.js';
import { genRequestId } from './request-ids.js';
import { registerSecurity } from './security.js';
import { lazySerializerFactory } from './serializers.js';
import { createValidatorCompiler } from './validators.js';
import type { FeatureRoutes, RegisteredRoute, TypedApp } from './typed-app.js';

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** An onRequest hook that refuses a request by throwing (the auth feature's token check). */
export type RequestGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The one Fastify factory used by production, the desktop app and every test, with the same validation
 * options everywhere. Nothing listens here: the caller decides (listen on a port, or app.inject in unit tests).
 * The guard comes from the caller because infrastructure never imports a feature; it is required so that no
 * caller can forget it.
 */
export async function buildHttpApp(ctx: ServiceContext, features: FeatureRoutes[], guard: RequestGuard): Promise<TypedApp> {
  const { config } = ctx;
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; naming the narrower type keeps plugin signatures compatible.
    loggerInstance: ctx.logger as FastifyBaseLogger,
    genReqId: genRequestId,
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    // A hop count becomes proxy-addr's "trust the first n hops" function, which Fastify's types accept.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every registered route, for the auth-matrix test and the `routes` CLI verb.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, public: route.config?.public === true });
  });

  const validators = createValidatorCompiler();
  app.setValidatorCompiler(validators.compiler);
  app.decorate('compileAllValidators', validators.compileAll);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // A refused WebSocket upgrade (401 from the auth hook, 400 from validation) is answered over the raw socket, which
  // Node no longer tracks as an HTTP connection: without this it would stay open and hold up server.close() for ever.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade !== undefined && !request.raw.socket.destroyed) request.raw.socket.destroy();
  });

  await registerSecurity(app, config);
  await registerOpenApi(app, config);
  app.addHook('onRequest', guard);

  for (const feature of features) await app.register(feature, { ctx });
  return app;
}

