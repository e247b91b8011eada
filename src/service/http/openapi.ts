import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** The OpenAPI document (at /docs/json) and Swagger UI (at /docs), both served from bundled files, offline. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
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
