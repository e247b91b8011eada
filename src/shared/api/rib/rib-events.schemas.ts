import { type Static, Type } from '@sinclair/typebox';
import { Afi as AfiName, RouteJson } from './rib.schemas.js';

/**
 * Messages of WS /ws/rib, one JSON object per WebSocket message. Each (re)subscription starts with a status
 * {available: true}, then the initial dump (add with initial_dump true, one per path), then end_of_rib, then live
 * add/withdraw. After a status {available: false} the gateway re-subscribes by itself; the next status
 * {available: true} is followed by a fresh initial dump, which replaces what the client held for that family.
 */

export const RibStatusEvent = Type.Object({
  type: Type.Literal('status'),
  afi: AfiName,
  available: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
  router: Type.Union([Type.String(), Type.Null()]),
  vrf: Type.String(),
  at: Type.String({ format: 'date-time' }),
});

export const RibRouteEvent = Type.Object({
  type: Type.Union([Type.Literal('add'), Type.Literal('withdraw')]),
  afi: AfiName,
  initial_dump: Type.Boolean({ description: 'true while the subscription replays the table' }),
  route: RouteJson,
});

export const RibEndOfRibEvent = Type.Object({
  type: Type.Literal('end_of_rib'),
  afi: AfiName,
});

/** The router or VRF asked for is not one the daemon lists; the socket closes (1008) right after this message. */
export const RibErrorEvent = Type.Object({
  type: Type.Literal('error'),
  afi: AfiName,
  field: Type.Union([Type.Literal('router'), Type.Literal('vrf')]),
  message: Type.String(),
});

export const RibEvent = Type.Union([RibStatusEvent, RibRouteEvent, RibEndOfRibEvent, RibErrorEvent]);
export type RibEvent = Static<typeof RibEvent>;
export type RibStatusEvent = Static<typeof RibStatusEvent>;
