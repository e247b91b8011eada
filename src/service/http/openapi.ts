import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import type { Config } from '../config.js';
import { withOptionalDefaults } from './openapi-optional-defaults.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * OpenAPI path items for routes the document cannot derive: @fastify/websocket hides its routes from it, so a
     * feature with a WebSocket route describes it here (path -> path item). One object per app, shared by plugins.
     */
    documentedPaths: Record<string, unknown>;
  }
}

/** The OpenAPI document (at /docs/json) and Swagger UI (at /docs), both served from bundled files, offline. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const documentedPaths: Record<string, unknown> = {};
  app.decorate('documentedPaths', documentedPaths);
  await app.register(swagger, {
    transformObject: (document) => {
      // Only the OpenAPI 3 branch is used (openapi below), never Swagger 2.
      const openapi = 'openapiObject' in document ? document.openapiObject : {};
      return { ...openapi, paths: { ...openapi.paths, ...documentedPaths } } as Partial<OpenAPIV3.Document>;
    },
    transform: ({ schema, url }) => ({ schema: schema ? withOptionalDefaults(schema) : schema, url }),
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Transceiver Intelligence Service',
        version: config.version,
        description:
          'Catalogue, search, forecasting and sales intelligence for optical transceivers. ' +
          'Get a token from POST /api/auth/login and send it as `Authorization: Bearer <token>`. ' +
          'Errors are JSON `{error, message}`; 4xx messages name the field or record at fault.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: '<expiresAt>.<base64url HMAC-SHA256 signature>',
            description: 'Token from POST /api/auth/login; valid 7 days; invalidated when DASHBOARD_PASSWORD changes.',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
