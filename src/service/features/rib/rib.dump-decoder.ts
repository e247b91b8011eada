import { formatAddress } from './ip.codec.js';
import { communityText } from './rib.render.js';
import { HIDDEN_REASONS } from './ris.wire.js';

/**
 * The dump's hot path below the message objects: reads a DumpRIBReply's protobuf bytes and writes the route's JSON
 * text directly, with no decoded message, no proto-loader plain object and no rendered object per route. It follows
 * the decoding the generated (protobufjs) code does for these messages: the last value of a field wins, repeated
 * numbers come packed or one by one, unknown fields are skipped.
 * Anything it does not expect (a known field with another wire type, a truncated message) throws, and the caller
 * decodes that reply the general way; tests/unit/rib/rib-dump-decoder.test.ts compares both on encoded routes.
 */
const ORIGINS = ['IGP', 'EGP', 'Incomplete'];
const PATH_TYPES = ['Static', 'BGP'];

const OFF_PATH = new Error('unexpected protobuf input');

/** A cursor over one message's bytes; `end` bounds the current (sub-)message. */
interface Cursor {
  buf: Uint8Array;
  pos: number;
}

/**
 * A varint of at most 5 bytes as uint32. Longer ones (a negative int32 takes 10) go to the general decoding, whose
 * reader skips a fixed 5 bytes after the fifth, whatever follows.
 */
function uint32(c: Cursor, end: number): number {
  let value = 0;
  for (let shift = 0; shift < 35; shift += 7) {
    if (c.pos >= end) throw OFF_PATH;
    const b = c.buf[c.pos++] as number;
    value |= (b & 0x7f) << shift;
    if (b < 0x80) return value >>> 0;
  }
  throw OFF_PATH;
}

/** A uint64 varint as [low 32 bits, high 32 bits]. */
function uint64(c: Cursor, end: number): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < 10; i += 1) {
    if (c.pos >= end) throw OFF_PATH;
    const b = c.buf[c.pos++] as number;
    if (i < 4) lo |= (b & 0x7f) << (7 * i);
    else if (i === 4) {
      lo |= (b & 0x0f) << 28;
      hi |= (b & 0x7f) >> 4;
    } else hi |= (b & 0x7f) << (7 * i - 32);
    if (b < 0x80) return [lo >>> 0, hi >>> 0];
  }
  throw OFF_PATH;
}

function length(c: Cursor, end: number): number {
  const n = uint32(c, end);
  if (c.pos + n > end) throw OFF_PATH;
  return c.pos + n;
}

function skip(c: Cursor, end: number, wire: number): void {
  if (wire === 0) uint64(c, end);
  else if (wire === 1) c.pos += 8;
  else if (wire === 2) c.pos = length(c, end);
  else if (wire === 5) c.pos += 4;
  else throw OFF_PATH; // groups: never in these messages
  if (c.pos > end) throw OFF_PATH;
}

/** A repeated uint32 field's element(s), packed (wire type 2) or not (0), appended to `into`. */
function repeatedUint32(c: Cursor, end: number, wire: number, into: number[]): void {
  if (wire === 0) into.push(uint32(c, end));
  else if (wire === 2) {
    const stop = length(c, end);
    while (c.pos < stop) into.push(uint32(c, stop));
  } else throw OFF_PATH;
}

function expect(wire: number, wanted: number): void {
  if (wire !== wanted) throw OFF_PATH;
}

function enumText(value: number, names: readonly string[]): string {
  return `"${names[value] ?? String(value)}"`;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** bio.net.IP as the JSON text of its address. */
function ip(c: Cursor, end: number): string {
  let lo: [number, number] = [0, 0];
  let hi: [number, number] = [0, 0];
  let version = 0;
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    switch (tag >>> 3) {
      case 1:
        expect(wire, 0);
        hi = uint64(c, end);
        break;
      case 2:
        expect(wire, 0);
        lo = uint64(c, end);
        break;
      case 3:
        expect(wire, 0);
        version = uint32(c, end) | 0;
        break;
      default:
        skip(c, end, wire);
    }
  }
  if (version !== 1) {
    const v = lo[0];
    return `"${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}"`;
  }
  const value = (BigInt(hi[1]) << 96n) | (BigInt(hi[0]) << 64n) | (BigInt(lo[1]) << 32n) | BigInt(lo[0]);
  return `"${formatAddress({ version: 6, value })}"`;
}

function ipField(c: Cursor, end: number, wire: number): string {
  expect(wire, 2);
  const stop = length(c, end);
  const text = ip(c, stop);
  c.pos = stop;
  return text;
}

/** The prefix text ("" without an address, like the general renderer). */
function prefix(c: Cursor, end: number): string {
  let address: string | null = null;
  let len = 0;
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) address = ipField(c, end, wire);
    else if (tag >>> 3 === 2) {
      expect(wire, 0);
      len = uint32(c, end);
    } else skip(c, end, wire);
  }
  return address === null ? '""' : `${address.slice(0, -1)}/${len}"`;
}

function asPathSegment(c: Cursor, end: number): string {
  let sequence = false;
  const asns: number[] = [];
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      expect(wire, 0);
      sequence = uint32(c, end) !== 0;
    } else if (tag >>> 3 === 2) repeatedUint32(c, end, wire, asns);
    else skip(c, end, wire);
  }
  return `{"as_sequence":${sequence},"asns":[${asns.join(',')}]}`;
}

function largeCommunity(c: Cursor, end: number): string {
  const v = [0, 0, 0];
  while (c.pos < end) {
    const tag = uint32(c, end);
    const field = tag >>> 3;
    if (field >= 1 && field <= 3) {
      expect(tag & 7, 0);
      v[field - 1] = uint32(c, end);
    } else skip(c, end, tag & 7);
  }
  return `{"global_administrator":${v[0]},"data_part1":${v[1]},"data_part2":${v[2]}}`;
}

function unknownAttribute(c: Cursor, end: number): string {
  const flags = [false, false, false];
  let typeCode = 0;
  let hex = '';
  while (c.pos < end) {
    const tag = uint32(c, end);
    const field = tag >>> 3;
    const wire = tag & 7;
    if (field >= 1 && field <= 3) {
      expect(wire, 0);
      flags[field - 1] = uint32(c, end) !== 0;
    } else if (field === 4) {
      expect(wire, 0);
      typeCode = uint32(c, end);
    } else if (field === 5) {
      expect(wire, 2);
      const stop = length(c, end);
      hex = '';
      for (let i = c.pos; i < stop; i += 1) hex += HEX[c.buf[i] as number] as string;
      c.pos = stop;
    } else skip(c, end, wire);
  }
  return `{"optional":${flags[0]},"transitive":${flags[1]},"partial":${flags[2]},"type_code":${typeCode},"value":"${hex}"}`;
}

/** A repeated sub-message field: its elements' texts joined. */
function element(c: Cursor, end: number, wire: number, read: (c: Cursor, end: number) => string): string {
  expect(wire, 2);
  const stop = length(c, end);
  const text = read(c, stop);
  c.pos = stop;
  return text;
}

function bgpPath(c: Cursor, end: number): string {
  const n = new Array<number>(17).fill(0);
  const b = [false, false];
  let nextHop = 'null';
  let source = 'null';
  const asPath: string[] = [];
  const communities: number[] = [];
  const large: string[] = [];
  const clusters: number[] = [];
  const unknown: string[] = [];
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    switch (tag >>> 3) {
      case 1:
      case 3:
      case 5:
      case 6:
      case 8:
      case 12:
      case 16:
        expect(wire, 0);
        n[tag >>> 3] = uint32(c, end);
        break;
      case 7:
        expect(wire, 0);
        b[0] = uint32(c, end) !== 0;
        break;
      case 15:
        expect(wire, 0);
        b[1] = uint32(c, end) !== 0;
        break;
      case 2:
        nextHop = ipField(c, end, wire);
        break;
      case 9:
        source = ipField(c, end, wire);
        break;
      case 4:
        asPath.push(element(c, end, wire, asPathSegment));
        break;
      case 10:
        repeatedUint32(c, end, wire, communities);
        break;
      case 11:
        large.push(element(c, end, wire, largeCommunity));
        break;
      case 13:
        repeatedUint32(c, end, wire, clusters);
        break;
      case 14:
        unknown.push(element(c, end, wire, unknownAttribute));
        break;
      default:
        skip(c, end, wire);
    }
  }
  let texts = '';
  for (let i = 0; i < communities.length; i += 1) texts += `${i === 0 ? '' : ','}"${communityText(communities[i] as number)}"`;
  const origin = n[5] as number;
  return (
    `{"path_identifier":${n[1]},"next_hop":${nextHop},"local_pref":${n[3]},"as_path":[${asPath.join(',')}],` +
    `"origin":${origin},"origin_name":"${ORIGINS[origin] ?? String(origin)}","med":${n[6]},"ebgp":${b[0]},` +
    `"bgp_identifier":${n[8]},"source":${source},"communities":[${communities.join(',')}],"communities_text":[${texts}],` +
    `"large_communities":[${large.join(',')}],"originator_id":${n[12]},"cluster_list":[${clusters.join(',')}],` +
    `"unknown_attributes":[${unknown.join(',')}],"bmp_post_policy":${b[1]},"only_to_customer":${n[16]}}`
  );
}

/** A map<string, string> entry, added to `into` (a later key replaces an earlier one, as in a decoded map). */
function mapEntry(c: Cursor, end: number, into: Record<string, string>): void {
  let key = '';
  let value = '';
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    if (tag >>> 3 === 1 || tag >>> 3 === 2) {
      expect(wire, 2);
      const stop = length(c, end);
      // ASCII only: other bytes are decoded the general way, whose UTF-8 reader may treat bad sequences differently.
      for (let i = c.pos; i < stop; i += 1) if ((c.buf[i] as number) >= 0x80) throw OFF_PATH;
      const text = Buffer.from(c.buf.buffer, c.buf.byteOffset + c.pos, stop - c.pos).toString('latin1');
      c.pos = stop;
      if (tag >>> 3 === 1) key = text;
      else value = text;
    } else skip(c, end, wire);
  }
  into[key] = value;
}

function nextHopOnly(c: Cursor, end: number): string {
  let nextHop = 'null';
  while (c.pos < end) {
    const tag = uint32(c, end);
    if (tag >>> 3 === 1) nextHop = ipField(c, end, tag & 7);
    else skip(c, end, tag & 7);
  }
  return `{"next_hop":${nextHop}}`;
}

function grpPath(c: Cursor, end: number): string {
  let nextHop = 'null';
  const meta: Record<string, string> = {};
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) nextHop = ipField(c, end, wire);
    else if (tag >>> 3 === 2) {
      expect(wire, 2);
      const stop = length(c, end);
      mapEntry(c, stop, meta);
      c.pos = stop;
    } else skip(c, end, wire);
  }
  return `{"next_hop":${nextHop},"meta_data":${JSON.stringify(meta)}}`;
}

/** Routes learned in the same second share their ISO time; remembering the last one spares a Date per route. */
export interface IsoCache {
  seconds: number;
  text: string;
}

function path(c: Cursor, end: number, iso: IsoCache): string {
  let type = 0;
  let hidden = 0;
  let time = 0;
  let staticPath = 'null';
  let bgp = 'null';
  let grp = 'null';
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    switch (tag >>> 3) {
      case 1:
        expect(wire, 0);
        type = uint32(c, end) | 0; // enums are int32 (a negative one is 10 bytes: the general way)
        break;
      case 4:
        expect(wire, 0);
        hidden = uint32(c, end) | 0;
        break;
      case 5:
        expect(wire, 0);
        time = uint32(c, end);
        break;
      case 2:
        staticPath = element(c, end, wire, nextHopOnly);
        break;
      case 3:
        bgp = element(c, end, wire, bgpPath);
        break;
      case 6:
        grp = element(c, end, wire, grpPath);
        break;
      default:
        skip(c, end, wire);
    }
  }
  let isoText = 'null';
  if (time > 0) {
    if (iso.seconds !== time) {
      iso.text = `"${new Date(time * 1000).toISOString()}"`;
      iso.seconds = time;
    }
    isoText = iso.text;
  }
  return (
    `{"type":${enumText(type, PATH_TYPES)},"static_path":${staticPath},"bgp_path":${bgp},` +
    `"hidden_reason":${enumText(hidden, HIDDEN_REASONS)},"time_learned":${time},"time_learned_iso":${isoText},"grp_path":${grp}}`
  );
}

function route(c: Cursor, end: number, iso: IsoCache): string {
  let pfx = '""';
  const paths: string[] = [];
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      expect(wire, 2);
      const stop = length(c, end);
      pfx = prefix(c, stop);
      c.pos = stop;
    } else if (tag >>> 3 === 2) {
      expect(wire, 2);
      const stop = length(c, end);
      paths.push(path(c, stop, iso));
      c.pos = stop;
    } else skip(c, end, wire);
  }
  return `{"pfx":${pfx},"paths":[${paths.join(',')}]}`;
}

/**
 * The JSON text of the route in one encoded DumpRIBReply, or null when the reply carries no route. Throws on input
 * it does not expect; the caller then decodes the reply the general way.
 */
export function dumpReplyRouteJson(bytes: Uint8Array, iso: IsoCache): string | null {
  const c: Cursor = { buf: bytes, pos: 0 };
  const end = bytes.length;
  let text: string | null = null;
  while (c.pos < end) {
    const tag = uint32(c, end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      expect(wire, 2);
      const stop = length(c, end);
      text = route(c, stop, iso);
      c.pos = stop;
    } else skip(c, end, wire);
  }
  return text;
}
