import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schema-helpers.js';

/**
 * JSON of the routing-table records. Field names are those of the spec's record tables; prefixes and addresses
 * are text, enums are names, uint64 values are decimal strings. A few companions are added beside the spec's
 * fields, never instead of them: communities_text ("asn:value"), time_learned_iso and origin_name.
 */
const Address = Type.Union([Type.String({ description: 'IPv4 dotted quad or RFC 5952 IPv6 text' }), Type.Null()]);

export const AsPathSegmentJson = Type.Object({
  as_sequence: Type.Boolean({ description: 'true: AS_SEQUENCE, false: AS_SET' }),
  asns: Type.Array(Type.Integer()),
});

export const LargeCommunityJson = Type.Object({
  global_administrator: Type.Integer(),
  data_part1: Type.Integer(),
  data_part2: Type.Integer(),
});

export const UnknownPathAttributeJson = Type.Object({
  optional: Type.Boolean(),
  transitive: Type.Boolean(),
  partial: Type.Boolean(),
  type_code: Type.Integer(),
  value: Type.String({ description: 'Attribute bytes as lowercase hex' }),
});

export const BgpPathJson = Type.Object({
  path_identifier: Type.Integer(),
  next_hop: Address,
  local_pref: Type.Integer(),
  as_path: Type.Array(AsPathSegmentJson),
  origin: Type.Integer({ description: '0 IGP, 1 EGP, 2 Incomplete' }),
  origin_name: Type.String({ description: 'IGP, EGP, Incomplete (or the number when unknown)' }),
  med: Type.Integer({ description: '0 when the attribute is absent' }),
  ebgp: Type.Boolean(),
  bgp_identifier: Type.Integer(),
  source: Address,
  communities: Type.Array(Type.Integer(), { description: 'Standard communities, asn << 16 | value' }),
  communities_text: Type.Array(Type.String(), { description: 'The same communities as "asn:value"' }),
  large_communities: Type.Array(LargeCommunityJson),
  originator_id: Type.Integer(),
  cluster_list: Type.Array(Type.Integer()),
  unknown_attributes: Type.Array(UnknownPathAttributeJson),
  bmp_post_policy: Type.Boolean(),
  only_to_customer: Type.Integer({ description: '0 when the attribute is absent' }),
});

export const PathJson = Type.Object({
  type: Type.String({ description: 'Static or BGP' }),
  static_path: Type.Union([Type.Object({ next_hop: Address }), Type.Null()]),
  bgp_path: Type.Union([BgpPathJson, Type.Null()]),
  hidden_reason: Type.String({ description: 'HiddenReasonNone, HiddenReasonNextHopUnreachable, ... HiddenReasonOTCMismatch' }),
  time_learned: Type.Integer({ description: 'Unix seconds' }),
  time_learned_iso: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null when time_learned is 0' }),
  grp_path: Type.Union([Type.Object({ next_hop: Address, meta_data: Type.Record(Type.String(), Type.String()) }), Type.Null()]),
});

export const RouteJson = Type.Object({
  pfx: Type.String({ description: 'Prefix as text, e.g. 198.51.100.0/24 or 2001:db8::/32' }),
  paths: Type.Array(PathJson),
});
export type RouteJson = Static<typeof RouteJson>;
export type PathJson = Static<typeof PathJson>;

export const SourceStatus = Type.Object(
  {
    available: Type.Boolean({ description: 'false: the routing daemon is down, unreachable or not ready; results are empty' }),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the source is unavailable' }),
    address: Type.String({ description: 'RIS_ADDRESS' }),
    router: Type.Union([Type.String(), Type.Null()], { description: 'Router asked (null when it could not be resolved)' }),
    vrf: Type.String({ description: 'VRF asked, ASN:ID' }),
    table: Type.Union(
      [
        Type.Object({
          ready: Type.Boolean({
            description:
              "true: the gateway holds the router's whole table (its initial dump read after every BGP neighbour sent End-of-RIB); " +
              'false: the table is still being learned (after a daemon restart, for example) and answers may be partial',
          }),
          routes: Type.Integer({ description: 'Prefixes learned so far (how far the learning is)' }),
          detail: Nullable(Type.String({ description: 'Why the table is not complete yet; null once it is' })),
        }),
        Type.Null(),
      ],
      { description: 'The table the answer comes from; null when the source is unavailable' },
    ),
  },
  { title: 'RibSource' },
);
export type SourceStatus = Static<typeof SourceStatus>;

const RouterParam = Type.String({ description: 'Router address as /api/rib/routers lists it; default RIS_ROUTER or the first router', maxLength: 64 });
const VrfParam = Type.String({ description: 'VRF as ASN:ID (or its decimal route distinguisher); default RIS_VRF (0:0, the global table)', maxLength: 24 });
export const AFIS = ['ipv4', 'ipv6'] as const;
export const Afi = StringEnum(AFIS);
export type Afi = Static<typeof Afi>;

export const MORE_SPECIFICS_DEFAULT = 100;
export const MORE_SPECIFICS_MAX = 1000;

export const PrefixQuery = Type.Object(
  {
    prefix: Type.String({
      description: 'IPv4 or IPv6 prefix (addr/len; a bare address means /32 or /128). Host bits must be zero.',
      minLength: 1,
      maxLength: 64,
    }),
    limit: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MORE_SPECIFICS_MAX,
        default: MORE_SPECIFICS_DEFAULT,
        description: `Most more-specific routes listed (default ${MORE_SPECIFICS_DEFAULT}, at most ${MORE_SPECIFICS_MAX}); more_specifics_count counts them all`,
      }),
    ),
    router: Type.Optional(RouterParam),
    vrf: Type.Optional(VrfParam),
  },
  { additionalProperties: false },
);
export type PrefixQuery = Static<typeof PrefixQuery>;

export const PrefixResponse = Type.Object({
  source: SourceStatus,
  query: Type.String({ description: 'The prefix asked for, normalized' }),
  match: Type.Union([RouteJson, Type.Null()], { description: 'Longest-prefix match; null when nothing covers the prefix or the source is unavailable' }),
  less_specifics: Type.Array(RouteJson, { description: 'Other covering routes, least specific first' }),
  more_specifics: Type.Array(RouteJson, {
    description: 'Routes inside the queried prefix (strictly longer), in address order, at most `limit`; a host prefix has none',
  }),
  more_specifics_count: Nullable(
    Type.Integer({ description: 'How many routes lie inside the queried prefix, exactly; null while the table is still being learned' }),
  ),
  more_specifics_truncated: Type.Boolean({
    description: 'true: more routes lie inside the query than were listed (the limit), or they could not be counted yet (source.reason says why)',
  }),
});
export type PrefixResponse = Static<typeof PrefixResponse>;

export const RouterJson = Type.Object({
  address: Type.String(),
  sys_name: Type.String({ description: 'May be empty' }),
  vrf_ids: Type.Array(Type.String({ description: 'uint64 route distinguisher, decimal' }), { description: 'Empty when the router lost its feed' }),
  vrfs: Type.Array(Type.String({ description: 'The same as ASN:ID' })),
});

export const RoutersQuery = Type.Object({}, { additionalProperties: false });
export const RoutersResponse = Type.Object({
  source: SourceStatus,
  routers: Type.Array(RouterJson),
});
export type RoutersResponse = Static<typeof RoutersResponse>;
export type RouterJson = Static<typeof RouterJson>;

export const DUMP_DEFAULT_LIMIT = 10_000;
export const DUMP_MAX_LIMIT = 2_000_000;

export const DumpQuery = Type.Object(
  {
    asn: Type.Optional(Type.Integer({ minimum: 1, maximum: 4_294_967_295, description: 'Keep routes originated by this AS (last ASN of the AS path)' })),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: DUMP_MAX_LIMIT,
        default: DUMP_DEFAULT_LIMIT,
        description: `Most routes to send (default ${DUMP_DEFAULT_LIMIT}, maximum ${DUMP_MAX_LIMIT}, more than a full IPv4 table)`,
      }),
    ),
    afi: Type.Optional(StringEnum(AFIS, { default: 'ipv4', description: 'Address family (default ipv4)' })),
    min_length: Type.Optional(Type.Integer({ minimum: 0, maximum: 128, description: 'Shortest prefix length kept (0 = no bound)' })),
    max_length: Type.Optional(Type.Integer({ minimum: 0, maximum: 128, description: 'Longest prefix length kept (0 = no bound; at most 32 for ipv4)' })),
    router: Type.Optional(RouterParam),
    vrf: Type.Optional(VrfParam),
  },
  { additionalProperties: false },
);
export type DumpQuery = Static<typeof DumpQuery>;

export const DumpResponse = Type.Object(
  {
    source: SourceStatus,
    afi: Afi,
    limit: Type.Integer(),
    routes: Type.Array(RouteJson),
    count: Type.Integer({ description: 'Routes sent' }),
    limit_reached: Type.Boolean({ description: 'true: more routes matched than limit' }),
    complete: Type.Boolean({ description: 'false: the stream broke off (see error) or the source was unavailable' }),
    error: Nullable(Type.String()),
  },
  {
    description:
      'Streamed as it arrives from the daemon (chunked application/json): the routes array is written route by route and ' +
      'count, limit_reached, complete and error come last, so a failure mid-stream still ends in valid JSON.',
  },
);
export type DumpResponse = Static<typeof DumpResponse>;

export const WsQuery = Type.Object(
  {
    afi: Type.Optional(StringEnum(AFIS, { description: 'Default: both families' })),
    router: Type.Optional(RouterParam),
    vrf: Type.Optional(VrfParam),
    token: Type.Optional(Type.String({ description: 'Bearer token, for browsers that cannot set headers on a WebSocket' })),
  },
  { additionalProperties: false },
);
export type WsQuery = Static<typeof WsQuery>;
