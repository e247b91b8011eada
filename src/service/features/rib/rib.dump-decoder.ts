import { JsonBytes, latin1 } from './rib.json-bytes.js';
import { bgpPath, grpPath, largeCommunity, segment, unknownAttribute } from './rib.dump-path-writers.js';
import { Decoding, Kind, type MessageWriter, NULL, QUOTE } from './rib.dump-decoder-state.js';
import { expectWire } from './rib.protobuf-cursor.js';
import { createRouteJsonWriter } from './rib.render-json.js';
import { type DumpRIBReply, HIDDEN_REASONS } from './ris.wire.js';

/**
 * The dump's hot path below the message objects: reads a DumpRIBReply's protobuf bytes and writes the route's JSON
 * text as bytes, the same bytes as JSON.stringify(renderRoute(route)) after the general decoding, with no decoded
 * message, no string and no array per route (how a message is read: rib.dump-decoder-state.ts). It follows the
 * decoding the generated (protobufjs) code does for these messages: the last value of a field wins, repeated numbers
 * come packed or one by one, unknown fields are skipped. Anything it does not expect throws OFF_PATH;
 * tests/unit/rib/rib-dump-decoder.test.ts compares both ways.
 */
const PATH_TYPES = ['Static', 'BGP'].map(latin1);
const HIDDEN = HIDDEN_REASONS.map(latin1);
const EMPTY_TEXT = latin1('""');

const K = {
  pfx: latin1('{"pfx":'),
  paths: latin1(',"paths":['),
  type: latin1('{"type":'),
  staticPath: latin1(',"static_path":'),
  bgpPath: latin1(',"bgp_path":'),
  hidden: latin1(',"hidden_reason":'),
  time: latin1(',"time_learned":'),
  iso: latin1(',"time_learned_iso":'),
  grpPath: latin1(',"grp_path":'),
  nextHopOpen: latin1('{"next_hop":'),
};

/** bio.net.IP as the text of its address, unquoted. */
function ip(d: Decoding, end: number): void {
  const c = d.c;
  // The address's four 32-bit words, most significant first: `higher` is words 0 and 1, `lower` words 2 and 3.
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  let w3 = 0;
  let version = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    switch (tag >>> 3) {
      case 1:
        expectWire(wire, 0);
        c.uint64(end);
        w0 = c.high32;
        w1 = c.low32;
        break;
      case 2:
        expectWire(wire, 0);
        c.uint64(end);
        w2 = c.high32;
        w3 = c.low32;
        break;
      case 3:
        expectWire(wire, 0);
        version = c.uint32(end) | 0;
        break;
      default:
        c.skip(end, wire);
    }
  }
  if (version !== 1) d.out.ipv4(w3);
  else d.out.ipv6(w0, w1, w2, w3);
}

/** The prefix text, quoted ("" without an address, like the general renderer). */
function prefix(d: Decoding, end: number): void {
  const c = d.c;
  let address = -1;
  let addressEnd = 0;
  let length = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      address = d.replace(end, wire, address, addressEnd, Kind.Ip);
      addressEnd = d.lastEnd;
    } else if (tag >>> 3 === 2) {
      expectWire(wire, 0);
      length = c.uint32(end);
    } else c.skip(end, wire);
  }
  if (address < 0) return d.out.raw(EMPTY_TEXT);
  d.out.byte(QUOTE);
  d.optional(address, addressEnd, Kind.Ip);
  d.out.byte(0x2f);
  d.out.uint(length);
  d.out.byte(QUOTE);
}

function route(d: Decoding, end: number): void {
  const c = d.c;
  const start = c.pos;
  let pfx = -1;
  let pfxEnd = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      pfx = d.replace(end, wire, pfx, pfxEnd, Kind.Prefix);
      pfxEnd = d.lastEnd;
    } else c.skip(end, wire);
  }
  d.out.raw(K.pfx);
  if (pfx < 0) d.out.raw(EMPTY_TEXT);
  else d.optional(pfx, pfxEnd, Kind.Prefix);
  d.out.raw(K.paths);
  d.repeated(start, end, 2, Kind.Path);
  d.out.byte(0x5d);
  d.out.byte(0x7d);
}

function path(d: Decoding, end: number): void {
  const c = d.c;
  const out = d.out;
  let type = 0;
  let hidden = 0;
  let time = 0;
  let stat = -1;
  let statEnd = 0;
  let bgp = -1;
  let bgpEnd = 0;
  let grp = -1;
  let grpEnd = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    switch (tag >>> 3) {
      case 1:
        expectWire(wire, 0);
        type = c.uint32(end) | 0; // enums are int32 (a negative one is 10 bytes: the general way)
        break;
      case 4:
        expectWire(wire, 0);
        hidden = c.uint32(end) | 0;
        break;
      case 5:
        expectWire(wire, 0);
        time = c.uint32(end);
        break;
      case 2:
        stat = d.replace(end, wire, stat, statEnd, Kind.StaticPath);
        statEnd = d.lastEnd;
        break;
      case 3:
        bgp = d.replace(end, wire, bgp, bgpEnd, Kind.BgpPath);
        bgpEnd = d.lastEnd;
        break;
      case 6:
        grp = d.replace(end, wire, grp, grpEnd, Kind.GrpPath);
        grpEnd = d.lastEnd;
        break;
      default:
        c.skip(end, wire);
    }
  }
  out.raw(K.type);
  d.name(type, PATH_TYPES);
  out.raw(K.staticPath);
  d.optional(stat, statEnd, Kind.StaticPath);
  out.raw(K.bgpPath);
  d.optional(bgp, bgpEnd, Kind.BgpPath);
  out.raw(K.hidden);
  d.name(hidden, HIDDEN);
  out.raw(K.time);
  out.uint(time);
  out.raw(K.iso);
  if (time > 0) {
    out.byte(QUOTE);
    out.isoTime(time);
    out.byte(QUOTE);
  } else out.raw(NULL);
  out.raw(K.grpPath);
  d.optional(grp, grpEnd, Kind.GrpPath);
  out.byte(0x7d);
}

/** A message whose only field is a next hop (the static path), as {"next_hop":...}. */
function staticPath(d: Decoding, end: number): void {
  const c = d.c;
  let nextHop = -1;
  let nextHopEnd = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    if (tag >>> 3 === 1) {
      nextHop = d.replace(end, tag & 7, nextHop, nextHopEnd, Kind.Ip);
      nextHopEnd = d.lastEnd;
    } else c.skip(end, tag & 7);
  }
  d.out.raw(K.nextHopOpen);
  d.quotedIp(nextHop, nextHopEnd);
  d.out.byte(0x7d);
}

/** Indexed by Kind. */
const WRITERS: readonly MessageWriter[] = [ip, prefix, route, path, staticPath, bgpPath, grpPath, segment, largeCommunity, unknownAttribute];

/** Writes the route of one reply; false when it has none. Throws OFF_PATH on input it does not expect. */
function reply(d: Decoding, bytes: Uint8Array): boolean {
  const c = d.c;
  c.reset(bytes);
  const end = bytes.length;
  let found = -1;
  let foundEnd = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      found = d.replace(end, wire, found, foundEnd, Kind.Route);
      foundEnd = d.lastEnd;
    } else c.skip(end, wire);
  }
  if (found < 0) return false;
  d.write(found, foundEnd, Kind.Route);
  return true;
}

export interface DumpReplyWriter {
  /**
   * Appends the JSON text of the route in one encoded DumpRIBReply to `out`; false when the reply carries none. Bytes
   * the decoder does not take are decoded by `decode` (the client's general decoding) and written from the message
   * (rib.render-json.ts); input the general decoding refuses throws.
   */
  write(bytes: Buffer, out: JsonBytes): boolean;
  /** Replies that left the fast path (the tests check that well-formed messages never do). */
  readonly fallbacks: number;
}

/** One writer per dump. */
export function createDumpReplyWriter(decode: (bytes: Buffer) => DumpRIBReply): DumpReplyWriter {
  // write() points it at the caller's output; this placeholder is never written.
  const decoding = new Decoding(WRITERS, new JsonBytes(1));
  const general = createRouteJsonWriter();
  let fallbacks = 0;
  return {
    write(bytes, out) {
      const mark = out.pos;
      try {
        decoding.out = out;
        return reply(decoding, bytes);
      } catch {
        out.pos = mark;
        fallbacks += 1;
        const decoded = decode(bytes);
        if (!decoded.route) return false;
        out.text(general.write(decoded.route));
        return true;
      }
    },
    get fallbacks() {
      return fallbacks;
    },
  };
}
