/**
 * A growable byte buffer that the dump writes a route's JSON text into. Numbers, addresses and times are written as
 * ASCII digits by arithmetic, so a route costs no strings: V8 caches number-to-string conversions and allocates the
 * strings of numbers above 2^31 (communities, AS numbers) straight in the old generation, where a million routes'
 * worth stayed until a full collection (docs/routing-daemon.md, "How the gateway streams a dump").
 */
const ZERO = 0x30;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const COLON = 0x3a;
const DOT = 0x2e;

/** Texts the dump writes often, as bytes once. */
export const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

export class JsonBytes {
  buf: Buffer;
  pos = 0;
  /** The eight groups of the IPv6 address being written. */
  private readonly groups = new Int32Array(8);

  constructor(size: number) {
    this.buf = Buffer.allocUnsafeSlow(size);
  }

  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }

  byte(value: number): void {
    this.reserve(1);
    this.buf[this.pos++] = value;
  }

  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    this.reserve(n);
    const buf = this.buf;
    let pos = this.pos;
    // The texts are short: a loop beats the native call of set() for them.
    if (n < 32) for (let i = 0; i < n; i += 1) buf[pos++] = bytes[i] as number;
    else {
      buf.set(bytes, pos);
      pos += n;
    }
    this.pos = pos;
  }

  /** Any text, as UTF-8 (the general renderer's output and the rare map values). */
  text(value: string): void {
    this.reserve(Buffer.byteLength(value, 'utf8'));
    this.pos += this.buf.write(value, this.pos, 'utf8');
  }

  /** A non-negative integer below 2^53, as `${value}` writes it. */
  uint(value: number): void {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    this.reserve(digits);
    const buf = this.buf;
    let at = this.pos + digits;
    let rest = value;
    while (rest >= 10) {
      const next = Math.floor(rest / 10);
      buf[--at] = ZERO + (rest - next * 10);
      rest = next;
    }
    buf[--at] = ZERO + rest;
    this.pos += digits;
  }

  /** An integer that may be negative (an enum read as int32). */
  int(value: number): void {
    if (value < 0) {
      this.byte(0x2d);
      this.uint(-value);
    } else this.uint(value);
  }

  /** Two digits, zero-padded. */
  private pad2(value: number): void {
    this.buf[this.pos++] = ZERO + Math.floor(value / 10);
    this.buf[this.pos++] = ZERO + (value % 10);
  }

  hexByte(value: number): void {
    this.reserve(2);
    this.buf[this.pos++] = HEX_DIGITS[value >>> 4] as number;
    this.buf[this.pos++] = HEX_DIGITS[value & 15] as number;
  }

  /** A 16-bit group without leading zeros, as Number#toString(16) writes it. */
  private hexGroup(value: number): void {
    this.reserve(4);
    let shift = 12;
    while (shift > 0 && value >>> shift === 0) shift -= 4;
    for (; shift >= 0; shift -= 4) this.buf[this.pos++] = HEX_DIGITS[(value >>> shift) & 15] as number;
  }

  /** Dotted quad of a 32-bit address. */
  ipv4(value: number): void {
    this.uint(value >>> 24);
    this.byte(DOT);
    this.uint((value >>> 16) & 255);
    this.byte(DOT);
    this.uint((value >>> 8) & 255);
    this.byte(DOT);
    this.uint(value & 255);
  }

  /**
   * An IPv6 address from its four 32-bit words, most significant first, in the text ip.codec.ts's formatAddress
   * writes (RFC 5952: lowercase, the longest run of two or more zero groups compressed, the first one on a tie).
   */
  ipv6(w0: number, w1: number, w2: number, w3: number): void {
    const g = this.groups;
    g[0] = w0 >>> 16;
    g[1] = w0 & 0xffff;
    g[2] = w1 >>> 16;
    g[3] = w1 & 0xffff;
    g[4] = w2 >>> 16;
    g[5] = w2 & 0xffff;
    g[6] = w3 >>> 16;
    g[7] = w3 & 0xffff;
    let bestStart = -1;
    let bestLength = 1;
    for (let i = 0; i < 8;) {
      if (g[i] !== 0) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < 8 && g[j] === 0) j += 1;
      if (j - i > bestLength) {
        bestStart = i;
        bestLength = j - i;
      }
      i = j;
    }
    for (let i = 0; i < 8; i += 1) {
      if (i === bestStart) {
        this.byte(COLON);
        this.byte(COLON);
        i += bestLength - 1;
        continue;
      }
      if (i > 0 && i !== bestStart + bestLength) this.byte(COLON);
      this.hexGroup(g[i] as number);
    }
  }

  /**
   * Unix seconds (0 to 2^32 - 1) as Date#toISOString writes them: 1970-01-01T00:00:00.000Z. The calendar date comes
   * from the day count by H. Hinnant's civil_from_days, which needs no Date object and no string.
   */
  isoTime(seconds: number): void {
    const days = Math.floor(seconds / 86_400);
    let rest = seconds - days * 86_400;
    const z = days + 719_468;
    const era = Math.floor(z / 146_097);
    const doe = z - era * 146_097;
    const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
    const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
    const mp = Math.floor((5 * doy + 2) / 153);
    const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
    const month = mp < 10 ? mp + 3 : mp - 9;
    const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    this.reserve(24);
    this.pad2(Math.floor(year / 100));
    this.pad2(year % 100);
    this.buf[this.pos++] = 0x2d;
    this.pad2(month);
    this.buf[this.pos++] = 0x2d;
    this.pad2(day);
    this.buf[this.pos++] = 0x54;
    const hours = Math.floor(rest / 3600);
    rest -= hours * 3600;
    const minutes = Math.floor(rest / 60);
    this.pad2(hours);
    this.buf[this.pos++] = COLON;
    this.pad2(minutes);
    this.buf[this.pos++] = COLON;
    this.pad2(rest - minutes * 60);
    this.buf[this.pos++] = DOT;
    this.buf[this.pos++] = ZERO;
    this.buf[this.pos++] = ZERO;
    this.buf[this.pos++] = ZERO;
    this.buf[this.pos++] = 0x5a;
  }
}
