import { type IpPrefix, toWirePrefix, tryParseAddress } from './ip.codec.js';
import type { AfiSafi, PrefixRequest, WireRouter } from './ris.wire.js';
import { type Vrf, vrfFromId } from './vrf.codec.js';

/**
 * GetRouters lists routers in no stable order (it changes between daemon restarts), so anything chosen from the
 * list (the default router) or shown from it is taken from this order instead: by address, IPv4 before IPv6.
 */
export function sortRouters(routers: readonly WireRouter[]): WireRouter[] {
  const key = (router: WireRouter) => tryParseAddress(router.address);
  return [...routers].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (!x || !y) return x ? -1 : y ? 1 : a.address.localeCompare(b.address);
    if (x.version !== y.version) return x.version - y.version;
    return x.value < y.value ? -1 : x.value > y.value ? 1 : 0;
  });
}

/** The default router: the first, in address order, that has a feed (lists VRFs); else the first at all. */
export function defaultRouter(routers: readonly WireRouter[]): WireRouter | undefined {
  const sorted = sortRouters(routers);
  return sorted.find((router) => router.vrf_ids.length > 0) ?? sorted[0];
}

export type TargetCheck =
  | { kind: 'known' }
  /** The router is listed without VRFs: its BMP feed is gone for now, which may pass. */
  | { kind: 'no-feed'; message: string }
  | { kind: 'unknown'; field: 'router' | 'vrf'; message: string };

/**
 * Whether the daemon knows a router and VRF. ObserveRIB answers UNAVAILABLE both for a feed that is not ready and
 * for a router or VRF it does not know, and the unary calls answer UNKNOWN without saying which; GetRouters tells.
 */
export function checkTarget(routers: readonly WireRouter[], target: { router: string; vrf: Vrf }): TargetCheck {
  const router = routers.find((r) => r.address === target.router);
  if (!router) {
    const listed = sortRouters(routers).map((r) => r.address);
    const known = listed.length > 0 ? `it monitors ${listed.join(', ')}` : 'it monitors no routers yet';
    return { kind: 'unknown', field: 'router', message: `The routing daemon knows no router "${target.router}" (${known}; see /api/rib/routers)` };
  }
  if (router.vrf_ids.length === 0) return { kind: 'no-feed', message: `router ${target.router} is listed but its BMP feed is down (no VRFs)` };
  if (!router.vrf_ids.some((id) => BigInt(id) === target.vrf.id)) {
    return {
      kind: 'unknown',
      field: 'vrf',
      message: `Router ${target.router} has no VRF ${target.vrf.text} (its VRFs: ${router.vrf_ids.map((id) => vrfFromId(BigInt(id)).text).join(', ')})`,
    };
  }
  return { kind: 'known' };
}

/** The router and VRF fields every RIS request carries: vrf wins over vrf_id on the daemon, both are sent. */
export function targetFields(target: { router: string; vrf: Vrf }): { router: string; vrf_id: string; vrf: string } {
  return { router: target.router, vrf_id: target.vrf.id.toString(), vrf: target.vrf.text };
}

/** LPM, Get and GetLonger: the target and one prefix. */
export function prefixRequest(target: { router: string; vrf: Vrf }, prefix: IpPrefix): PrefixRequest {
  return { ...targetFields(target), pfx: toWirePrefix(prefix) };
}

/** The address family as DumpRIB and ObserveRIB name it. */
export function afiSafiOf(family: 'ipv4' | 'ipv6' | 4 | 6): AfiSafi {
  return family === 'ipv4' || family === 4 ? 'IPv4Unicast' : 'IPv6Unicast';
}
