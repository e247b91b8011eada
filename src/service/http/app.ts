import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { acceptEmptyJsonBodies } from './empty-json-body.js';
import { createErrorHandler, notFoundHandler } from './error-handler.js';
import { clientErrorHandler, frameworkErrorHandler } from './framework-errors.js';
import { SLUG_MAX_LENGTH } from '../../shared/api/common.schemas.js';
import { registerOpenApi } from './openapi.js';
import { requestLogController } from './request-log.js';
import { genRequestId } from './request-ids.js';
import { registerSecurity } from './security.js';
import { lazySerializerFactory } from './serializers.js';
import { createValidatorCompiler } from './validators.js';
import { describeValidationErrors } from './validation-errors.js';
import type { FeatureRoutes, RegisteredRoute, TypedApp } from './typed-app.js';

/** Node's own defaults: the time for a request's headers, and how often it looks for expired requests. */
const HEADERS_TIMEOUT_MS = 60_000;
const NODE_CHECKING_INTERVAL_MS = 30_000;

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
    // A client that trickles its request (a byte a second into the unauthenticated login) would otherwise hold its
    // connection for ever; Fastify leaves Node's own limit off. Node looks for expired requests at an interval, a
    // quarter of the timeout here, so a request is cut off at most a quarter late.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(NODE_CHECKING_INTERVAL_MS, Math.ceil(config.requestTimeoutMs / 4)),
    },
    // A hop count becomes proxy-addr's "trust the first n hops" function, which Fastify's types accept.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    logController: requestLogController(config.logRequests),
    // One limit for every name in a path: a slug (or a UUID) is the longest thing a path parameter holds.
    routerOptions: { maxParamLength: SLUG_MAX_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    // Set once here rather than per route, so a bad value gets the same message on every route, including the
    // routes a feature adds later without thinking of it.
    schemaErrorFormatter: describeValidationErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every registered route, for the auth-matrix and validation-message tests and the `routes` CLI verb.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const schema = route.schema ?? {};
      routes.push({ method, url: route.url, public: route.config?.public === true, params: schema.params, querystring: schema.querystring, body: schema.body });
    }
  });

  const validators = createValidatorCompiler();
  app.setValidatorCompiler(validators.compiler);
  app.decorate('compileAllValidators', validators.compileAll);
  app.setErrorHandler(createErrorHandler(ctx.db.dialect));
  acceptEmptyJsonBodies(app);
  // Hooks on every request take a callback rather than being async: an async hook costs a promise and a turn of the
  // microtask queue per request, for work that never waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // A refused WebSocket upgrade (401 from the auth hook, 400 from validation) is answered over the raw socket, which
  // Node no longer tracks as an HTTP connection: without this it would stay open and hold up server.close() for ever.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.headers.upgrade !== undefined && !request.raw.socket.destroyed) request.raw.socket.destroy();
    done();
  });

  await registerSecurity(app, config);
  // The limiter hooks every route, but an unknown path has no route: without its own preHandler, probing
  // random paths would be the one unlimited thing a client can do.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFoundHandler);
  await registerOpenApi(app, config);
  app.addHook('onRequest', guard);

  for (const feature of features) await app.register(feature, { ctx });
  return app;
}
