import { NotFoundError } from '../../errors.js';
import { formatPrefix, type IpPrefix } from './ip.codec.js';
import { openTableIndex, type TableIndex, tableKey, type TableProgress } from './rib.table-index.js';
import { checkTarget, defaultRouter, prefixRequest, sortRouters } from './rib.targets.js';
import { describeFailure } from './rib.errors.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import { prefixParam, targetParams } from './rib.params.js';
import { tryParseVrf, vrfFromId } from './vrf.codec.js';
import { renderRoute, renderRouter } from './rib.render.js';
import {
  type Afi,
  AFIS,
  MORE_SPECIFICS_DEFAULT,
  type PrefixQuery,
  type PrefixResponse,
  type RoutersResponse,
  type SourceStatus,
} from '../../../shared/api/rib/rib.schemas.js';
import type { WireRoute } from './ris.wire.js';

export function sourceStatus(gw: RibGateway, target: Partial<RibTarget> | undefined, reason: string | null, table: TableProgress | null = null): SourceStatus {
  return {
    available: reason === null,
    reason,
    address: gw.settings.address,
    router: target?.router ?? null,
    vrf: target?.vrf?.text ?? gw.settings.vrf,
    table,
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
const afiOf = (prefix: IpPrefix): Afi => (prefix.address.version === 4 ? 'ipv4' : 'ipv6');

/** The gateway's copy of a table the daemon has just answered for (so the router and VRF exist), started if needed. */
export function learnTable(gw: RibGateway, target: RibTarget, afi: Afi): TableIndex {
  return gw.keep(tableKey(target, afi), () => openTableIndex(gw, target, afi));
}

/** Longest-prefix match (the last of the covering routes), the other covering routes, and the routes inside the query. */
export async function lookupPrefix(gw: RibGateway, query: PrefixQuery): Promise<PrefixResponse> {
  const prefix = prefixParam(query.prefix);
  const limit = query.limit ?? MORE_SPECIFICS_DEFAULT;
  const requested = targetParams(query);
  const result: PrefixResponse = {
    source: sourceStatus(gw, requested, null),
    query: formatPrefix(prefix),
    match: null,
    less_specifics: [],
    more_specifics: [],
    more_specifics_count: null,
    more_specifics_truncated: false,
  };
  const deadline = Date.now() + gw.settings.timeoutMs;
  let target: RibTarget | undefined;
  try {
    target = await gw.resolveTarget(requested, deadline);
    const kept = gw.kept<TableIndex>(tableKey(target, afiOf(prefix)));
    const held = kept?.progress();
    if (kept && held?.ready) {
      // The whole table is here: answered without asking the daemon.
      result.source = sourceStatus(gw, target, null, held);
      setCovering(result, kept.covering(prefix));
      const inside = kept.inside(prefix, limit);
      result.more_specifics = inside.routes.map(renderRoute);
      result.more_specifics_count = inside.count;
      result.more_specifics_truncated = inside.count > inside.routes.length;
      return result;
    }
    const covering = await gw.client().lpm(prefixRequest(target, prefix), deadline);
    const progress = learnTable(gw, target, afiOf(prefix)).progress();
    result.source = sourceStatus(gw, target, null, progress);
    // The table is still being learned: the daemon's covering routes, said to be possibly partial, and no
    // more-specifics, which only a complete table can count.
    result.source.reason = `the routing table is still being learned (${progress.routes} routes so far; ${progress.detail ?? 'complete'}): more-specific routes are counted once it is complete`;
    result.more_specifics_truncated = true;
    setCovering(result, covering);
  } catch (error) {
    result.source = sourceStatus(gw, target ?? requested, await fallbackReason(gw, error, target));
  }
  return result;
}

function setCovering(result: PrefixResponse, covering: WireRoute[]): void {
  // Least specific first, whatever order arrives.
  const ordered = [...covering].sort((a, b) => prefixLength(a) - prefixLength(b));
  const match = ordered.pop();
  if (!match?.pfx) return;
  result.match = renderRoute(match);
  result.less_specifics = ordered.map(renderRoute);
}

export async function listRouters(gw: RibGateway): Promise<RoutersResponse> {
  const source = sourceStatus(gw, undefined, null);
  try {
    const routers = await gw.client().getRouters(Date.now() + gw.settings.timeoutMs);
    const router = gw.settings.router ?? defaultRouter(routers)?.address ?? null;
    const vrf = tryParseVrf(gw.settings.vrf) ?? vrfFromId(0n);
    const target: RibTarget | undefined = router === null ? undefined : { router, vrf, explicit: false };
    // The default router's tables, both families together: how far the gateway has learned them.
    const table = target && checkTarget(routers, target).kind === 'known' ? bothFamilies(AFIS.map((afi) => learnTable(gw, target, afi).progress())) : null;
    return { source: { ...source, router, table }, routers: sortRouters(routers).map(renderRouter) };
  } catch (error) {
    return { source: sourceStatus(gw, undefined, describeFailure(error, gw.settings.timeoutMs).reason), routers: [] };
  }
}

function bothFamilies(tables: TableProgress[]): TableProgress {
  return {
    ready: tables.every((t) => t.ready),
    routes: tables.reduce((sum, t) => sum + t.routes, 0),
    detail: tables.find((t) => t.detail !== null)?.detail ?? null,
  };
}
