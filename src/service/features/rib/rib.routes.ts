import websocket from '@fastify/websocket';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { openDump } from './rib.dump.js';
import { targetParams } from './rib.params.js';
import { relayRibEvents } from './rib.relay.js';
import { DumpQuery, DumpResponse, PrefixQuery, PrefixResponse, RoutersQuery, RoutersResponse, WsQuery } from '../../../shared/api/rib/rib.schemas.js';
import { listRouters, lookupPrefix } from './rib.service.js';

const tags = ['rib'];
const UNAVAILABLE_NOTE = ' When the routing daemon is down, unreachable or not ready, answers 200 with empty results and source.available false.';

export const ribRoutes: FeatureRoutes = async (app, { ctx }) => {
  // Registered here, not globally: only this feature speaks WebSocket, and the auth hook still runs first.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Open dumps and ObserveRIB streams never end by themselves; cancelling them lets the HTTP server close promptly.
  app.addHook('preClose', async () => ctx.rib.close());

  app.get(
    '/api/rib/prefix',
    {
      schema: {
        tags,
        summary: 'Longest-prefix match for a prefix, its covering routes and its more-specific routes.' + UNAVAILABLE_NOTE,
        querystring: PrefixQuery,
        response: withErrors({ 200: PrefixResponse }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => lookupPrefix(ctx.rib, request.query),
  );

  app.get(
    '/api/rib/routers',
    {
      schema: {
        tags,
        summary: 'Routers the routing daemon monitors through BMP.' + UNAVAILABLE_NOTE,
        querystring: RoutersQuery,
        response: withErrors({ 200: RoutersResponse }, PROTECTED_ERRORS),
      },
    },
    async () => listRouters(ctx.rib),
  );

  app.get(
    '/api/rib/dump',
    {
      schema: {
        tags,
        summary: 'Routing-table dump of one address family, streamed as it arrives; filter by origin AS and prefix length.' + UNAVAILABLE_NOTE,
        querystring: DumpQuery,
        response: withErrors({ 200: DumpResponse }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request, reply) => {
      const outcome = await openDump(ctx.rib, request.query);
      if (outcome.kind === 'fallback') return outcome.body;
      // A stream bypasses the response serializer; DumpResponse documents the document it writes.
      return reply.type('application/json; charset=utf-8').send(outcome.stream);
    },
  );

  app.get(
    '/ws/rib',
    {
      websocket: true,
      schema: { tags, summary: 'Live RIB changes (ObserveRIB); see rib-events.schemas.ts', querystring: WsQuery, response: withErrors({}, PROTECTED_ERRORS) },
      // Checked before the upgrade, so a bad router or VRF is a plain 400 rather than a socket that closes.
      preHandler: async (request) => {
        targetParams(request.query);
      },
    },
    (socket, request) => relayRibEvents(ctx.rib, socket, request.query),
  );
};
