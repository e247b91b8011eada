/**
 * Reading protobuf's wire format for the dump's decoder (rib.dump-decoder.ts), the way the generated (protobufjs)
 * decoding reads these messages. Anything it does not expect throws OFF_PATH, and the caller decodes that reply the
 * general way.
 */
export const OFF_PATH = new Error('unexpected protobuf input');

const EMPTY = new Uint8Array(0);

export function expectWire(wire: number, wanted: number): void {
  if (wire !== wanted) throw OFF_PATH;
}

/** A position in one reply's bytes, reused for every reply of a dump; `end` arguments bound the current (sub-)message. */
export class ProtoCursor {
  buf: Uint8Array = EMPTY;
  pos = 0;
  /** The halves of the last uint64 read: bits 0-31 and 32-63. */
  low32 = 0;
  high32 = 0;

  reset(bytes: Uint8Array): void {
    this.buf = bytes;
    this.pos = 0;
  }

  /**
   * A varint of at most 5 bytes as uint32. Longer ones (a negative int32 takes 10) go to the general decoding, whose
   * reader skips a fixed 5 bytes after the fifth, whatever follows.
   */
  uint32(end: number): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= end) throw OFF_PATH;
      const b = this.buf[this.pos++] as number;
      value |= (b & 0x7f) << shift;
      if (b < 0x80) return value >>> 0;
    }
    throw OFF_PATH;
  }

  /** A uint64 varint into low32 and high32. */
  uint64(end: number): void {
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 10; i += 1) {
      if (this.pos >= end) throw OFF_PATH;
      const b = this.buf[this.pos++] as number;
      if (i < 4) lo |= (b & 0x7f) << (7 * i);
      else if (i === 4) {
        lo |= (b & 0x0f) << 28;
        hi |= (b & 0x7f) >> 4;
      } else hi |= (b & 0x7f) << (7 * i - 32);
      if (b < 0x80) {
        this.low32 = lo >>> 0;
        this.high32 = hi >>> 0;
        return;
      }
    }
    throw OFF_PATH;
  }

  /** Reads a length prefix; returns where the length-delimited field ends. */
  length(end: number): number {
    const n = this.uint32(end);
    if (this.pos + n > end) throw OFF_PATH;
    return this.pos + n;
  }

  skip(end: number, wire: number): void {
    if (wire === 0) this.uint64(end);
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) this.pos = this.length(end);
    else if (wire === 5) this.pos += 4;
    else throw OFF_PATH; // groups: never in these messages
    if (this.pos > end) throw OFF_PATH;
  }
}
