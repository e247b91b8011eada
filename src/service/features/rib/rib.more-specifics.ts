import { status as GrpcStatus } from '@grpc/grpc-js';
import { fromWireIp, type IpPrefix, maxLength, networkOf } from './ip.codec.js';
import { afiSafiOf, prefixRequest, targetFields } from './rib.targets.js';
import { describeFailure } from './rib.errors.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import type { DumpRIBReply, WireRoute } from './ris.wire.js';

export interface MoreSpecifics {
  /** Routes strictly inside the queried prefix, at most `max`. */
  routes: WireRoute[];
  /** More routes lie inside than were returned (the cap, the answer's size or the time limit stopped the read). */
  truncated: boolean;
  /** Why the list may be incomplete, in the gateway's words; null when it is complete or merely capped. */
  note: string | null;
}

export interface MoreSpecificsRequest {
  target: RibTarget;
  query: IpPrefix;
  /** The longest covering route LPM found (possibly the query itself), or undefined when nothing covers it. */
  match: IpPrefix | undefined;
  max: number;
  deadline: number;
}

export const isInside = (route: WireRoute, query: IpPrefix): boolean => {
  if (!route.pfx?.address || route.pfx.length <= query.length) return false;
  const address = fromWireIp(route.pfx.address);
  return address.version === query.address.version && networkOf(address, query.length) === query.address.value;
};

const isTooLarge = (error: unknown) => (error as { code?: unknown } | null)?.code === GrpcStatus.RESOURCE_EXHAUSTED;

/**
 * The routes inside the queried prefix, read with bounded work. The daemon has no ranged read: GetLonger answers
 * a prefix that is itself in the table with that route and every more-specific in ONE message (the whole table for
 * the default route), and DumpRIB streams the table filtered by length only. So:
 * 0. A host prefix (/32, /128) has nothing inside it.
 * 1. GetLonger on the query when it is in the table, else on the longest covering route unless that is the default
 *    route (its more-specifics contain the query's), filtered to the query. The client refuses answers above its receive limit
 *    (RESOURCE_EXHAUSTED as soon as the message header arrives), so a short covering prefix on a full table costs
 *    a refused header, not hundreds of megabytes decoded on the event loop.
 * 2. Otherwise, a DumpRIB stream with min_length = query length + 1, keeping the routes inside the query and
 *    cancelled as soon as max + 1 are found or the request's deadline passes.
 */
export async function readMoreSpecifics(gw: RibGateway, request: MoreSpecificsRequest): Promise<MoreSpecifics> {
  const { target, query, match, max } = request;
  if (query.length === maxLength(query.address.version)) return { routes: [], truncated: false, note: null };
  // GetLonger of a covering default route is the whole table by definition: not worth asking for.
  const ask = match && (match.length === query.length || match.length > 0) ? match : undefined;
  if (ask) {
    try {
      const longer = await gw.client().getLonger(prefixRequest(target, ask), request.deadline);
      const inside = longer.filter((route) => isInside(route, query));
      return { routes: inside.slice(0, max), truncated: inside.length > max, note: null };
    } catch (error) {
      if (!isTooLarge(error)) throw error;
    }
  }
  return scanMoreSpecifics(gw, request);
}

function scanMoreSpecifics(gw: RibGateway, request: MoreSpecificsRequest): Promise<MoreSpecifics> {
  const { target, query, max, deadline } = request;
  const call = gw.client().dumpRib({
    ...targetFields(target),
    afisafi: afiSafiOf(query.address.version),
    filter: { originating_asn: 0, min_length: query.length + 1, max_length: 0 },
  });
  const untrack = gw.track(call);
  return new Promise<MoreSpecifics>((resolve, reject) => {
    const routes: WireRoute[] = [];
    let read = 0;
    let settled = false;
    const finish = (outcome: MoreSpecifics | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      untrack();
      call.cancel();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(
      () =>
        finish({ routes, truncated: true, note: `more-specific routes cut off at the ${gw.settings.timeoutMs} ms time limit after reading ${read} routes` }),
      Math.max(1, deadline - Date.now()),
    );
    call.on('data', (reply: DumpRIBReply) => {
      read += 1;
      if (!reply.route || !isInside(reply.route, query)) return;
      if (routes.length === max) finish({ routes, truncated: true, note: null });
      else routes.push(reply.route);
    });
    call.on('end', () => finish({ routes, truncated: false, note: null }));
    call.on('error', (error: unknown) => {
      if (settled) return;
      finish(
        routes.length > 0
          ? { routes, truncated: true, note: `more-specific routes incomplete: ${describeFailure(error, gw.settings.timeoutMs).reason}` }
          : (error as Error),
      );
    });
  });
}
