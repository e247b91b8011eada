import websocket from '@fastify/websocket';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { openDump } from './rib.dump.js';
import { targetParams } from './rib.params.js';
import { relayRibEvents } from './rib.relay.js';
import { DumpQuery, DumpResponse, PrefixQuery, PrefixResponse, RoutersQuery, RoutersResponse, WsQuery } from '../../../shared/api/rib/rib.schemas.js';
import { listRouters, lookupPrefix } from './rib.service.js';
import { RibEvent } from '../../../shared/api/rib/rib-events.schemas.js';
import { ErrorBody } from '../../../shared/api/common.schemas.js';

const tags = ['rib'];
const WS_DESCRIPTION = [
  'Upgrade with a bearer token (Authorization header, or ?token= for browsers). One subscription per address family (afi, default both).',
  'Messages (JSON, field `type`):',
  '- `status` {afi, available, reason, router, vrf, at}: sent when a subscription starts or fails; after available=false the gateway re-subscribes by itself with backoff, and the next available=true is followed by a fresh initial dump that replaces what the client held for that family. While the router has not received End-of-RIB from every BGP neighbour (RIS_ALLOW_UNREADY_RIB=false), the reason says so.',
  '- `add` / `withdraw` {afi, initial_dump, route}: one message per path; initial_dump=true while the table is replayed.',
  '- `end_of_rib` {afi}: the initial dump is complete; live changes follow.',
  '- `error` {afi, field, message}: the router or VRF is not one the daemon lists (see /api/rib/routers); the socket then closes with code 1008.',
  'A malformed router, VRF or afi is refused with 400 before the upgrade. A slow client pauses the daemon stream (flow control) instead of growing memory.',
].join('\n');
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
      // HEAD sends no body: Fastify would read the whole table to discard it, so the daemon's stream is cancelled here.
      if (request.method === 'HEAD') outcome.stream.destroy();
      // A stream bypasses the response serializer; DumpResponse documents the document it writes.
      return reply.type('application/json; charset=utf-8').send(outcome.stream);
    },
  );

  const wsSchema = {
    tags,
    summary: 'Live RIB changes (ObserveRIB) over a WebSocket; one JSON message per event.',
    description: WS_DESCRIPTION,
    querystring: WsQuery,
    response: withErrors({}, PROTECTED_ERRORS),
  };
  // @fastify/websocket hides WebSocket routes from the OpenAPI document; this describes the route there instead.
  app.documentedPaths['/ws/rib'] = {
    get: {
      tags,
      summary: wsSchema.summary,
      description: WS_DESCRIPTION,
      parameters: Object.entries(WsQuery.properties).map(([name, schema]) => ({ name, in: 'query', required: false, schema, description: schema.description })),
      responses: {
        101: { description: 'Switching Protocols: the WebSocket is open; messages follow RibEvent', content: { 'application/json': { schema: RibEvent } } },
        400: { description: 'A malformed router, VRF or afi, refused before the upgrade', content: { 'application/json': { schema: ErrorBody } } },
        401: { description: 'Missing, malformed, expired or wrongly signed bearer token', content: { 'application/json': { schema: ErrorBody } } },
      },
    },
  };
  app.get(
    '/ws/rib',
    {
      websocket: true,
      schema: wsSchema,
      // Checked before the upgrade, so a bad router or VRF is a plain 400 rather than a socket that closes.
      preHandler: async (request) => {
        targetParams(request.query);
      },
    },
    (socket, request) => relayRibEvents(ctx.rib, socket, request.query),
  );
};
