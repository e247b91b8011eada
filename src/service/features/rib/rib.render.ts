import { formatAddress, formatPrefix, fromWireIp, type WireIp } from './ip.codec.js';
import type { PathJson, RouteJson, RouterJson } from '../../../shared/api/rib/rib.schemas.js';
import { HIDDEN_REASONS, type WireBgpPath, type WirePath, type WireRoute, type WireRouter } from './ris.wire.js';
import { vrfFromId } from './vrf.codec.js';

/** Turns the daemon's messages into the JSON of rib.schemas.ts (text addresses, enum names, hex bytes). */
const ORIGINS = ['IGP', 'EGP', 'Incomplete'];
const PATH_TYPES = ['Static', 'BGP'];

const address = (ip: WireIp | null | undefined): string | null => (ip ? formatAddress(fromWireIp(ip)) : null);

/** enums: String yields names for known values and the number for values newer than our .proto. */
function enumName(value: string | number, names: readonly string[]): string {
  return typeof value === 'number' ? (names[value] ?? String(value)) : value;
}

export function communityText(community: number): string {
  return `${Math.floor(community / 65536)}:${community % 65536}`;
}

function renderBgp(bgp: WireBgpPath) {
  return {
    path_identifier: bgp.path_identifier,
    next_hop: address(bgp.next_hop),
    local_pref: bgp.local_pref,
    as_path: bgp.as_path.map((segment) => ({ as_sequence: segment.as_sequence, asns: segment.asns })),
    origin: bgp.origin,
    origin_name: ORIGINS[bgp.origin] ?? String(bgp.origin),
    med: bgp.med,
    ebgp: bgp.ebgp,
    bgp_identifier: bgp.bgp_identifier,
    source: address(bgp.source),
    communities: bgp.communities,
    communities_text: bgp.communities.map(communityText),
    large_communities: bgp.large_communities.map((c) => ({
      global_administrator: c.global_administrator,
      data_part1: c.data_part1,
      data_part2: c.data_part2,
    })),
    originator_id: bgp.originator_id,
    cluster_list: bgp.cluster_list,
    unknown_attributes: bgp.unknown_attributes.map((a) => ({
      optional: a.optional,
      transitive: a.transitive,
      partial: a.partial,
      type_code: a.type_code,
      value: Buffer.from(a.value).toString('hex'),
    })),
    bmp_post_policy: bgp.bmp_post_policy,
    only_to_customer: bgp.only_to_customer,
  };
}

export function renderPath(path: WirePath): PathJson {
  return {
    type: enumName(path.type, PATH_TYPES),
    static_path: path.static_path ? { next_hop: address(path.static_path.next_hop) } : null,
    bgp_path: path.bgp_path ? renderBgp(path.bgp_path) : null,
    hidden_reason: enumName(path.hidden_reason, HIDDEN_REASONS),
    time_learned: path.time_learned,
    time_learned_iso: path.time_learned > 0 ? new Date(path.time_learned * 1000).toISOString() : null,
    grp_path: path.grp_path ? { next_hop: address(path.grp_path.next_hop), meta_data: { ...path.grp_path.meta_data } } : null,
  };
}

export function renderRoute(route: WireRoute): RouteJson {
  const pfx = route.pfx;
  return {
    pfx: pfx?.address ? formatPrefix({ address: fromWireIp(pfx.address), length: pfx.length }) : '',
    paths: route.paths.map(renderPath),
  };
}

export function renderRouter(router: WireRouter): RouterJson {
  return {
    address: router.address,
    sys_name: router.sys_name,
    vrf_ids: router.vrf_ids.map(String),
    vrfs: router.vrf_ids.map((id) => vrfFromId(BigInt(id)).text),
  };
}
