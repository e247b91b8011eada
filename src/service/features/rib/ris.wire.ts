/**
 * The routing daemon's messages as @grpc/proto-loader hands them over with RIS_LOAD_OPTIONS: field names as in the
 * .proto files (keepCase), uint64 as decimal strings, enums by name, absent sub-messages null, bytes as Buffer.
 */
import type { WireIp, WirePrefix } from './ip.codec.js';

export type PathType = 'Static' | 'BGP';
export const HIDDEN_REASONS = [
  'HiddenReasonNone',
  'HiddenReasonNextHopUnreachable',
  'HiddenReasonFilteredByPolicy',
  'HiddenReasonASLoop',
  'HiddenReasonOurOriginatorID',
  'HiddenReasonClusterLoop',
  'HiddenReasonOTCMismatch',
] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];
export type AfiSafi = 'IPv4Unicast' | 'IPv6Unicast';

export interface WireAsPathSegment {
  as_sequence: boolean;
  asns: number[];
}

export interface WireLargeCommunity {
  global_administrator: number;
  data_part1: number;
  data_part2: number;
}

export interface WireUnknownAttribute {
  optional: boolean;
  transitive: boolean;
  partial: boolean;
  type_code: number;
  value: Buffer | Uint8Array;
}

export interface WireBgpPath {
  path_identifier: number;
  next_hop: WireIp | null;
  local_pref: number;
  as_path: WireAsPathSegment[];
  origin: number;
  med: number;
  ebgp: boolean;
  bgp_identifier: number;
  source: WireIp | null;
  communities: number[];
  large_communities: WireLargeCommunity[];
  originator_id: number;
  cluster_list: number[];
  unknown_attributes: WireUnknownAttribute[];
  bmp_post_policy: boolean;
  only_to_customer: number;
}

export interface WirePath {
  type: PathType | number;
  static_path: { next_hop: WireIp | null } | null;
  bgp_path: WireBgpPath | null;
  hidden_reason: HiddenReason | number;
  time_learned: number;
  grp_path: { next_hop: WireIp | null; meta_data: Record<string, string> } | null;
}

export interface WireRoute {
  pfx: WirePrefix | null;
  paths: WirePath[];
}

/** LPM, Get and GetLonger take the same request. */
export interface PrefixRequest {
  router: string;
  vrf_id: string;
  pfx: WirePrefix;
  vrf: string;
}

export interface RoutesResponse {
  routes: WireRoute[];
}

export interface RIBFilter {
  originating_asn: number;
  min_length: number;
  max_length: number;
}

export interface DumpRIBRequest {
  router: string;
  vrf_id: string;
  afisafi: AfiSafi;
  vrf: string;
  filter: RIBFilter | null;
}

export interface DumpRIBReply {
  route: WireRoute | null;
}

export interface ObserveRIBRequest {
  router: string;
  vrf_id: string;
  afisafi: AfiSafi;
  vrf: string;
  allow_unready_rib: boolean;
}

export interface RIBUpdate {
  advertisement: boolean;
  route: WireRoute | null;
  is_initial_dump: boolean;
  end_of_rib: boolean;
}

export interface WireRouter {
  sys_name: string;
  vrf_ids: string[];
  address: string;
}

export interface GetRoutersResponse {
  routers: WireRouter[];
}
