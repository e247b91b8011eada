import { latin1 } from './rib.json-bytes.js';
import { expectWire, OFF_PATH } from './rib.protobuf-cursor.js';
import { type Decoding, Kind, QUOTE } from './rib.dump-decoder-state.js';

/** A route's BGP path with its attributes, and its GRP path, written from the reply's bytes (see rib.dump-decoder.ts). */
const ORIGINS = ['IGP', 'EGP', 'Incomplete'].map(latin1);

const K = {
  nextHopOpen: latin1('{"next_hop":'),
  metaData: latin1(',"meta_data":'),
  pathId: latin1('{"path_identifier":'),
  nextHop: latin1(',"next_hop":'),
  localPref: latin1(',"local_pref":'),
  asPath: latin1(',"as_path":['),
  origin: latin1('],"origin":'),
  originName: latin1(',"origin_name":"'),
  med: latin1('","med":'),
  ebgp: latin1(',"ebgp":'),
  bgpId: latin1(',"bgp_identifier":'),
  source: latin1(',"source":'),
  communities: latin1(',"communities":['),
  communitiesText: latin1('],"communities_text":['),
  large: latin1('],"large_communities":['),
  originator: latin1('],"originator_id":'),
  clusters: latin1(',"cluster_list":['),
  unknown: latin1('],"unknown_attributes":['),
  postPolicy: latin1('],"bmp_post_policy":'),
  otc: latin1(',"only_to_customer":'),
  segment: latin1('{"as_sequence":'),
  asns: latin1(',"asns":['),
  global: latin1('{"global_administrator":'),
  part1: latin1(',"data_part1":'),
  part2: latin1(',"data_part2":'),
  optional: latin1('{"optional":'),
  transitive: latin1(',"transitive":'),
  partial: latin1(',"partial":'),
  typeCode: latin1(',"type_code":'),
  value: latin1(',"value":"'),
};

export function bgpPath(d: Decoding, end: number): void {
  const c = d.c;
  const out = d.out;
  const start = c.pos;
  let pathId = 0;
  let localPref = 0;
  let origin = 0;
  let med = 0;
  let bgpId = 0;
  let originator = 0;
  let otc = 0;
  let ebgp = false;
  let postPolicy = false;
  let nextHop = -1;
  let nextHopEnd = 0;
  let source = -1;
  let sourceEnd = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    const field = tag >>> 3;
    if (field === 2) {
      nextHop = d.replace(end, wire, nextHop, nextHopEnd, Kind.Ip);
      nextHopEnd = d.lastEnd;
    } else if (field === 9) {
      source = d.replace(end, wire, source, sourceEnd, Kind.Ip);
      sourceEnd = d.lastEnd;
    } else if (field === 4 || field === 10 || field === 11 || field === 13 || field === 14)
      c.skip(end, wire); // written below, in order
    else if (field >= 1 && field <= 16) {
      expectWire(wire, 0);
      const value = c.uint32(end);
      if (field === 1) pathId = value;
      else if (field === 3) localPref = value;
      else if (field === 5) origin = value;
      else if (field === 6) med = value;
      else if (field === 7) ebgp = value !== 0;
      else if (field === 8) bgpId = value;
      else if (field === 12) originator = value;
      else if (field === 15) postPolicy = value !== 0;
      else otc = value;
    } else c.skip(end, wire);
  }
  out.raw(K.pathId);
  out.uint(pathId);
  out.raw(K.nextHop);
  d.quotedIp(nextHop, nextHopEnd);
  out.raw(K.localPref);
  out.uint(localPref);
  out.raw(K.asPath);
  d.repeated(start, end, 4, Kind.Segment);
  out.raw(K.origin);
  out.uint(origin);
  out.raw(K.originName);
  const known = ORIGINS[origin];
  if (known) out.raw(known);
  else out.uint(origin);
  out.raw(K.med);
  out.uint(med);
  out.raw(K.ebgp);
  d.bool(ebgp);
  out.raw(K.bgpId);
  out.uint(bgpId);
  out.raw(K.source);
  d.quotedIp(source, sourceEnd);
  out.raw(K.communities);
  d.repeated(start, end, 10, Kind.Numbers);
  out.raw(K.communitiesText);
  d.repeated(start, end, 10, Kind.CommunityTexts);
  out.raw(K.large);
  d.repeated(start, end, 11, Kind.LargeCommunity);
  out.raw(K.originator);
  out.uint(originator);
  out.raw(K.clusters);
  d.repeated(start, end, 13, Kind.Numbers);
  out.raw(K.unknown);
  d.repeated(start, end, 14, Kind.UnknownAttribute);
  out.raw(K.postPolicy);
  d.bool(postPolicy);
  out.raw(K.otc);
  out.uint(otc);
  out.byte(0x7d);
}

export function segment(d: Decoding, end: number): void {
  const c = d.c;
  const start = c.pos;
  let sequence = false;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      expectWire(wire, 0);
      sequence = c.uint32(end) !== 0;
    } else c.skip(end, wire);
  }
  d.out.raw(K.segment);
  d.bool(sequence);
  d.out.raw(K.asns);
  d.repeated(start, end, 2, Kind.Numbers);
  d.out.byte(0x5d);
  d.out.byte(0x7d);
}

export function largeCommunity(d: Decoding, end: number): void {
  const c = d.c;
  let global = 0;
  let part1 = 0;
  let part2 = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const field = tag >>> 3;
    if (field >= 1 && field <= 3) {
      expectWire(tag & 7, 0);
      const value = c.uint32(end);
      if (field === 1) global = value;
      else if (field === 2) part1 = value;
      else part2 = value;
    } else c.skip(end, tag & 7);
  }
  d.out.raw(K.global);
  d.out.uint(global);
  d.out.raw(K.part1);
  d.out.uint(part1);
  d.out.raw(K.part2);
  d.out.uint(part2);
  d.out.byte(0x7d);
}

export function unknownAttribute(d: Decoding, end: number): void {
  const c = d.c;
  const out = d.out;
  let optional = false;
  let transitive = false;
  let partial = false;
  let typeCode = 0;
  let value = -1;
  let valueEnd = 0;
  while (c.pos < end) {
    const tag = c.uint32(end);
    const field = tag >>> 3;
    const wire = tag & 7;
    if (field >= 1 && field <= 4) {
      expectWire(wire, 0);
      const v = c.uint32(end);
      if (field === 1) optional = v !== 0;
      else if (field === 2) transitive = v !== 0;
      else if (field === 3) partial = v !== 0;
      else typeCode = v;
    } else if (field === 5) {
      expectWire(wire, 2);
      valueEnd = c.length(end);
      value = c.pos;
      c.pos = valueEnd;
    } else c.skip(end, wire);
  }
  out.raw(K.optional);
  d.bool(optional);
  out.raw(K.transitive);
  d.bool(transitive);
  out.raw(K.partial);
  d.bool(partial);
  out.raw(K.typeCode);
  out.uint(typeCode);
  out.raw(K.value);
  for (let i = value; i >= 0 && i < valueEnd; i += 1) out.hexByte(c.buf[i] as number);
  out.byte(QUOTE);
  out.byte(0x7d);
}

export function grpPath(d: Decoding, end: number): void {
  const c = d.c;
  let nextHop = -1;
  let nextHopEnd = 0;
  // Rare (GRP paths carry a few labels): a plain object, so JSON.stringify orders and escapes the keys exactly.
  const meta: Record<string, string> = {};
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    if (tag >>> 3 === 1) {
      nextHop = d.replace(end, wire, nextHop, nextHopEnd, Kind.Ip);
      nextHopEnd = d.lastEnd;
    } else if (tag >>> 3 === 2) {
      expectWire(wire, 2);
      const stop = c.length(end);
      mapEntry(d, stop, meta);
      c.pos = stop;
    } else c.skip(end, wire);
  }
  d.out.raw(K.nextHopOpen);
  d.quotedIp(nextHop, nextHopEnd);
  d.out.raw(K.metaData);
  d.out.text(JSON.stringify(meta));
  d.out.byte(0x7d);
}

/** A map<string, string> entry, added to `into` (a later key replaces an earlier one, as in a decoded map). */
function mapEntry(d: Decoding, end: number, into: Record<string, string>): void {
  const c = d.c;
  let key = '';
  let value = '';
  while (c.pos < end) {
    const tag = c.uint32(end);
    const wire = tag & 7;
    if (tag >>> 3 === 1 || tag >>> 3 === 2) {
      expectWire(wire, 2);
      const stop = c.length(end);
      // ASCII only: other bytes are decoded the general way, whose UTF-8 reader may treat bad sequences differently.
      for (let i = c.pos; i < stop; i += 1) if ((c.buf[i] as number) >= 0x80) throw OFF_PATH;
      const text = Buffer.from(c.buf.buffer, c.buf.byteOffset + c.pos, stop - c.pos).toString('latin1');
      c.pos = stop;
      if (tag >>> 3 === 1) key = text;
      else value = text;
    } else c.skip(end, wire);
  }
  into[key] = value;
}
