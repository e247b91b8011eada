import { type JsonBytes, latin1 } from './rib.json-bytes.js';
import { expectWire, OFF_PATH, ProtoCursor } from './rib.protobuf-cursor.js';

/** What a sub-message holds: which writer reads it (Numbers and CommunityTexts are repeated uint32s). */
export const Kind = {
  Ip: 0,
  Prefix: 1,
  Route: 2,
  Path: 3,
  StaticPath: 4,
  BgpPath: 5,
  GrpPath: 6,
  Segment: 7,
  LargeCommunity: 8,
  UnknownAttribute: 9,
  Numbers: 10,
  CommunityTexts: 11,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** Writes the sub-message from the cursor to `end` as JSON text. */
export type MessageWriter = (d: Decoding, end: number) => void;

export const QUOTE = 0x22;
const COMMA = 0x2c;
export const NULL = latin1('null');
const TRUE = latin1('true');
const FALSE = latin1('false');

/**
 * The state of reading one reply, reused for every reply of a dump (so a reply allocates nothing), and the steps the
 * message writers (rib.dump-decoder.ts, rib.dump-bgp-writer.ts) share. A message is read twice: once for its
 * singular fields (the last value wins, as in the general decoding; an earlier occurrence of a sub-message is still
 * checked, so input the general decoding refuses never gets through here), then once more per repeated field while
 * writing, in the JSON's order.
 */
export class Decoding {
  readonly c = new ProtoCursor();
  out: JsonBytes;
  /** Where the field replace() last read ends. */
  lastEnd = 0;
  private readonly writers: readonly MessageWriter[];

  /** `writers` is indexed by Kind. */
  constructor(writers: readonly MessageWriter[], out: JsonBytes) {
    this.writers = writers;
    this.out = out;
  }

  /** An earlier occurrence of a singular sub-message: read and written, then dropped, so its errors still count. */
  check(start: number, end: number, kind: Kind): void {
    const mark = this.out.pos;
    const resume = this.c.pos;
    this.write(start, end, kind);
    this.out.pos = mark;
    this.c.pos = resume;
  }

  write(start: number, end: number, kind: Kind): void {
    this.c.pos = start;
    const writer = this.writers[kind];
    if (!writer) throw OFF_PATH;
    writer(this, end);
  }

  /** Each occurrence of a repeated field, in order, comma-separated: sub-messages, or uint32s packed or one by one. */
  repeated(start: number, end: number, field: number, kind: Kind): void {
    const c = this.c;
    const out = this.out;
    let first = true;
    c.pos = start;
    while (c.pos < end) {
      const tag = c.uint32(end);
      const wire = tag & 7;
      if (tag >>> 3 !== field) {
        c.skip(end, wire);
        continue;
      }
      if (kind === Kind.Numbers || kind === Kind.CommunityTexts) {
        if (wire === 0) {
          this.number(c.uint32(end), first, kind);
          first = false;
        } else if (wire === 2) {
          const stop = c.length(end);
          for (; c.pos < stop; first = false) this.number(c.uint32(stop), first, kind);
        } else throw OFF_PATH;
        continue;
      }
      expectWire(wire, 2);
      const stop = c.length(end);
      if (!first) out.byte(COMMA);
      first = false;
      this.write(c.pos, stop, kind);
      c.pos = stop;
    }
    c.pos = end;
  }

  /** One element of a repeated uint32: the number, or a community's ASN:value text. */
  private number(value: number, first: boolean, kind: Kind): void {
    const out = this.out;
    if (!first) out.byte(COMMA);
    if (kind === Kind.Numbers) return out.uint(value);
    out.byte(QUOTE);
    out.uint(value >>> 16);
    out.byte(0x3a);
    out.uint(value & 0xffff);
    out.byte(QUOTE);
  }

  /** A singular sub-message field: where it is, or null. */
  optional(start: number, end: number, kind: Kind): void {
    if (start < 0) this.out.raw(NULL);
    else {
      const resume = this.c.pos;
      this.write(start, end, kind);
      this.c.pos = resume;
    }
  }

  bool(value: boolean): void {
    this.out.raw(value ? TRUE : FALSE);
  }

  name(value: number, names: readonly Uint8Array[]): void {
    const out = this.out;
    out.byte(QUOTE);
    const known = value >= 0 ? names[value] : undefined;
    if (known) out.raw(known);
    else out.int(value);
    out.byte(QUOTE);
  }

  quotedIp(start: number, end: number): void {
    if (start < 0) return this.out.raw(NULL);
    this.out.byte(QUOTE);
    this.optional(start, end, Kind.Ip);
    this.out.byte(QUOTE);
  }

  /** Reads a length-delimited singular field at the cursor: checks the occurrence it replaces, returns its start. */
  replace(end: number, wire: number, previous: number, previousEnd: number, kind: Kind): number {
    expectWire(wire, 2);
    const stop = this.c.length(end);
    if (previous >= 0) this.check(previous, previousEnd, kind);
    const start = this.c.pos;
    this.c.pos = stop;
    this.lastEnd = stop;
    return start;
  }
}
