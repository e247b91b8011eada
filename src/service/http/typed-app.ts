import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ServiceContext } from '../context.js';

export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** A feature's HTTP routes: a Fastify plugin that receives the service context. */
export type FeatureRoutes = FastifyPluginAsync<{ ctx: ServiceContext }, RawServerDefault, TypeBoxTypeProvider>;

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** The request schemas as declared (JSON schema), so tests can derive bad input for every route. */
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** Compiles every lazily compiled request validator now (tests). */
    compileAllValidators(): void;
  }
  interface FastifyContextConfig {
    /** Routes under protected prefixes that must stay reachable without a token (login, health). */
    public?: boolean;
    /** Routes that answer without a token too, for the anonymous viewer; a token that is sent is verified. */
    tokenOptional?: boolean;
  }
}
