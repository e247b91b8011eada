import { NotFoundError } from '../../errors.js';
import { formatPrefix, fromWireIp } from './ip.codec.js';
import { readMoreSpecifics } from './rib.more-specifics.js';
import { checkTarget, defaultRouter, prefixRequest, sortRouters } from './rib.targets.js';
import { describeFailure } from './rib.errors.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import { prefixParam, targetParams } from './rib.params.js';
import { renderRoute, renderRouter } from './rib.render.js';
import { MORE_SPECIFICS_MAX, type PrefixQuery, type PrefixResponse, type RoutersResponse, type SourceStatus } from '../../../shared/api/rib/rib.schemas.js';
import type { WireRoute } from './ris.wire.js';

export function sourceStatus(gw: RibGateway, target: Partial<RibTarget> | undefined, reason: string | null, vrfText?: string): SourceStatus {
  return {
    available: reason === null,
    reason,
    address: gw.settings.address,
    router: target?.router ?? null,
    vrf: target?.vrf?.text ?? vrfText ?? gw.settings.vrf,
  };
}

/**
 * A failed call becomes the API's "null or empty results" with a reason, except UNKNOWN for a router or VRF
 * the caller named: that is their mistake, so it is a 404 naming the field.
 */
export async function fallbackReason(gw: RibGateway, error: unknown, target: RibTarget | undefined): Promise<string> {
  const failure = describeFailure(error, gw.settings.timeoutMs);
  if (failure.kind === 'unknown') {
    if (target?.explicit) throw await unknownTargetError(gw, target);
    gw.forgetDefaultRouter();
  }
  return failure.reason;
}

/** UNKNOWN does not say whether the router or the VRF is unknown; GetRouters does, so the 404 names the right one. */
async function unknownTargetError(gw: RibGateway, target: RibTarget): Promise<NotFoundError> {
  try {
    const check = checkTarget(await gw.client().getRouters(Date.now() + gw.settings.timeoutMs), target);
    if (check.kind === 'unknown') return new NotFoundError(check.message, { field: check.field });
  } catch {
    // The daemon went away in between: the generic message below still names both.
  }
  return new NotFoundError(`The routing daemon knows no router "${target.router}" with VRF ${target.vrf.text} (see /api/rib/routers)`, { field: 'router' });
}

const prefixLength = (route: WireRoute) => route.pfx?.length ?? 0;

/** Longest-prefix match (the last of LPM's covering routes), the other covering routes, and the routes inside the query. */
export async function lookupPrefix(gw: RibGateway, query: PrefixQuery): Promise<PrefixResponse> {
  const prefix = prefixParam(query.prefix);
  const requested = targetParams(query);
  const result: PrefixResponse = {
    source: sourceStatus(gw, requested, null),
    query: formatPrefix(prefix),
    match: null,
    less_specifics: [],
    more_specifics: [],
    more_specifics_truncated: false,
  };
  // One deadline for the whole request: resolving the router, LPM and reading the more-specifics together.
  const deadline = Date.now() + gw.settings.timeoutMs;
  let target: RibTarget | undefined;
  let covering: WireRoute[];
  try {
    target = await gw.resolveTarget(requested, deadline);
    result.source = sourceStatus(gw, target, null);
    covering = await gw.client().lpm(prefixRequest(target, prefix), deadline);
  } catch (error) {
    result.source = sourceStatus(gw, target ?? requested, await fallbackReason(gw, error, target));
    return result;
  }
  // The daemon answers least specific first; sorting keeps that true whatever order arrives.
  const ordered = [...covering].sort((a, b) => prefixLength(a) - prefixLength(b));
  const match = ordered.pop();
  if (match?.pfx) {
    result.match = renderRoute(match);
    result.less_specifics = ordered.map(renderRoute);
  }
  try {
    const matched = match?.pfx ? { address: fromWireIp(match.pfx.address), length: match.pfx.length } : undefined;
    const inside = await readMoreSpecifics(gw, { target, query: prefix, match: matched, max: MORE_SPECIFICS_MAX, deadline });
    result.more_specifics = inside.routes.map(renderRoute);
    result.more_specifics_truncated = inside.truncated;
    if (inside.note !== null) result.source.reason = inside.note;
  } catch (error) {
    // The match stands; only the more-specifics are missing, and the reason says so.
    result.more_specifics_truncated = true;
    result.source.reason = `more-specific routes unavailable: ${describeFailure(error, gw.settings.timeoutMs).reason}`;
  }
  return result;
}

export async function listRouters(gw: RibGateway): Promise<RoutersResponse> {
  const source = sourceStatus(gw, undefined, null);
  try {
    const routers = await gw.client().getRouters(Date.now() + gw.settings.timeoutMs);
    const router = gw.settings.router ?? defaultRouter(routers)?.address ?? null;
    return { source: { ...source, router }, routers: sortRouters(routers).map(renderRouter) };
  } catch (error) {
    return { source: sourceStatus(gw, undefined, describeFailure(error, gw.settings.timeoutMs).reason), routers: [] };
  }
}
