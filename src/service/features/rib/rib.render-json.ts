import { formatAddress, fromWireIp, type WireIp } from './ip.codec.js';
import { communityText, renderRoute } from './rib.render.js';
import { HIDDEN_REASONS, type WireBgpPath, type WirePath, type WireRoute } from './ris.wire.js';

/** Routes learned in the same second share their ISO time; remembering the last one spares a Date per route. */
interface IsoCache {
  seconds: number;
  text: string;
}

/**
 * Writes a route's JSON text straight from the daemon's message (the dump's path for replies its byte decoder,
 * rib.dump-decoder.ts, does not take), the same bytes as
 * JSON.stringify(renderRoute(route)) without building the rendered objects first (a full table is a million routes,
 * and the intermediate objects and arrays were most of the gateway's cost). Values of an unexpected type (a field
 * missing from a hand-made message, a non-finite number) leave the fast path: that route is rendered the general
 * way, so the output never differs. tests/unit/rib/rib-render-json.test.ts compares both on varied routes.
 */
const ORIGINS = ['IGP', 'EGP', 'Incomplete'];
const PATH_TYPES = ['Static', 'BGP'];

/**
 * Thrown inside the fast path when a value is not of the type it expects; caught in createRouteJsonWriter. Made
 * once, so leaving the fast path costs no stack capture.
 */
const OFF_PATH = new Error('off the fast path');

function num(value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw OFF_PATH;
  return `${value}`;
}

function bool(value: unknown): string {
  if (value === true) return 'true';
  if (value === false) return 'false';
  throw OFF_PATH;
}

function numbers(values: unknown): string {
  if (!Array.isArray(values)) throw OFF_PATH;
  let out = '[';
  for (let i = 0; i < values.length; i += 1) out += (i === 0 ? '' : ',') + num(values[i]);
  return `${out}]`;
}

/** Enum text as rib.render.ts's enumName writes it, quoted. */
function enumText(value: unknown, names: readonly string[]): string {
  if (typeof value === 'number') return JSON.stringify(names[value] ?? String(value));
  if (typeof value === 'string') return names.includes(value) ? `"${value}"` : JSON.stringify(value);
  throw OFF_PATH;
}

/**
 * An address as JSON text: IPv4 (the common case) in plain number arithmetic; IPv6 and anything unusual through the
 * BigInt codec, like the general renderer.
 */
function addressText(ip: WireIp | null | undefined): string {
  if (!ip) return 'null';
  const lower = ip.lower;
  if (ip.version !== 'IPv6' && (ip.version as unknown) !== 1 && typeof lower === 'string' && /^\d{1,10}$/.test(lower)) {
    const v = Number(lower);
    if (v <= 0xffffffff) return `"${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}"`;
  }
  return `"${formatAddress(fromWireIp(ip))}"`;
}

function bgpText(bgp: WireBgpPath): string {
  let asPath = '[';
  for (let i = 0; i < bgp.as_path.length; i += 1) {
    const segment = bgp.as_path[i];
    if (!segment) throw OFF_PATH;
    asPath += `${i === 0 ? '' : ','}{"as_sequence":${bool(segment.as_sequence)},"asns":${numbers(segment.asns)}}`;
  }
  let texts = '[';
  for (let i = 0; i < bgp.communities.length; i += 1) {
    num(bgp.communities[i]);
    texts += `${i === 0 ? '' : ','}"${communityText(bgp.communities[i] as number)}"`;
  }
  let large = '[';
  for (let i = 0; i < bgp.large_communities.length; i += 1) {
    const c = bgp.large_communities[i];
    if (!c) throw OFF_PATH;
    large += `${i === 0 ? '' : ','}{"global_administrator":${num(c.global_administrator)},"data_part1":${num(c.data_part1)},"data_part2":${num(c.data_part2)}}`;
  }
  let unknown = '[';
  for (let i = 0; i < bgp.unknown_attributes.length; i += 1) {
    const a = bgp.unknown_attributes[i];
    if (!a) throw OFF_PATH;
    unknown +=
      `${i === 0 ? '' : ','}{"optional":${bool(a.optional)},"transitive":${bool(a.transitive)},"partial":${bool(a.partial)},` +
      `"type_code":${num(a.type_code)},"value":"${Buffer.from(a.value).toString('hex')}"}`;
  }
  return (
    `{"path_identifier":${num(bgp.path_identifier)},"next_hop":${addressText(bgp.next_hop)},"local_pref":${num(bgp.local_pref)},` +
    `"as_path":${asPath}],"origin":${num(bgp.origin)},"origin_name":"${ORIGINS[bgp.origin] ?? String(bgp.origin)}",` +
    `"med":${num(bgp.med)},"ebgp":${bool(bgp.ebgp)},"bgp_identifier":${num(bgp.bgp_identifier)},"source":${addressText(bgp.source)},` +
    `"communities":${numbers(bgp.communities)},"communities_text":${texts}],"large_communities":${large}],` +
    `"originator_id":${num(bgp.originator_id)},"cluster_list":${numbers(bgp.cluster_list)},"unknown_attributes":${unknown}],` +
    `"bmp_post_policy":${bool(bgp.bmp_post_policy)},"only_to_customer":${num(bgp.only_to_customer)}}`
  );
}

function pathText(path: WirePath, iso: IsoCache): string {
  const time = num(path.time_learned);
  let isoText = 'null';
  if (path.time_learned > 0) {
    if (iso.seconds !== path.time_learned) {
      iso.text = `"${new Date(path.time_learned * 1000).toISOString()}"`;
      iso.seconds = path.time_learned;
    }
    isoText = iso.text;
  }
  const grp = path.grp_path;
  return (
    `{"type":${enumText(path.type, PATH_TYPES)},` +
    `"static_path":${path.static_path ? `{"next_hop":${addressText(path.static_path.next_hop)}}` : 'null'},` +
    `"bgp_path":${path.bgp_path ? bgpText(path.bgp_path) : 'null'},"hidden_reason":${enumText(path.hidden_reason, HIDDEN_REASONS)},` +
    `"time_learned":${time},"time_learned_iso":${isoText},` +
    `"grp_path":${grp ? `{"next_hop":${addressText(grp.next_hop)},"meta_data":${JSON.stringify({ ...grp.meta_data })}}` : 'null'}}`
  );
}

function fastRouteText(route: WireRoute, iso: IsoCache): string {
  const pfx = route.pfx;
  let prefix = '""';
  if (pfx?.address) {
    const address = addressText(pfx.address);
    prefix = `${address.slice(0, -1)}/${num(pfx.length)}"`;
  }
  let paths = '[';
  for (let i = 0; i < route.paths.length; i += 1) {
    const path = route.paths[i];
    if (!path) throw OFF_PATH;
    paths += (i === 0 ? '' : ',') + pathText(path, iso);
  }
  return `{"pfx":${prefix},"paths":${paths}]}`;
}

export interface RouteJsonWriter {
  write(route: WireRoute): string;
  /** Routes that left the fast path (the tests check that well-formed messages never do). */
  readonly fallbacks: number;
}

/** One writer per dump: it carries the small cache of the last ISO time. */
export function createRouteJsonWriter(): RouteJsonWriter {
  const iso: IsoCache = { seconds: -1, text: '' };
  let fallbacks = 0;
  return {
    write(route) {
      try {
        return fastRouteText(route, iso);
      } catch {
        // OFF_PATH, or a message so malformed that the general renderer throws too (then with its own error).
        fallbacks += 1;
        return JSON.stringify(renderRoute(route));
      }
    },
    get fallbacks() {
      return fallbacks;
    },
  };
}
