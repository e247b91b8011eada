import { describe, expect, it } from 'vitest';
import { formatAddress } from '../../../src/service/features/rib/ip.codec.js';
import { JsonBytes } from '../../../src/service/features/rib/rib.json-bytes.js';
import { createPrng } from '../../../scripts/seed-builder/prng.js';

/** Each writer against the text the string-building code wrote; a 1-byte start makes every call grow the buffer. */
function written(write: (out: JsonBytes) => void): string {
  const out = new JsonBytes(1);
  write(out);
  return out.buf.toString('latin1', 0, out.pos);
}

describe('JSON bytes of the dump', () => {
  const next = createPrng(7).next;
  const int = (max: number) => Math.floor(next() * max);

  it('writes integers as template literals do, up to 2^53 and below zero', () => {
    const values = [0, 1, 9, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 2000; i += 1) values.push(int(2 ** 32), int(1000));
    for (const v of values) {
      expect(written((out) => out.uint(v))).toBe(`${v}`);
      expect(written((out) => out.int(-v))).toBe(`${-v}`);
    }
  });

  it('writes IPv4 and IPv6 addresses as formatAddress does, zero runs compressed as RFC 5952 says', () => {
    const words = [0, 0xffff, 0x10000, 0xffff0000, 0xffffffff, 0x20010db8, 1];
    const pick = () => (next() < 0.5 ? (words[int(words.length)] as number) : int(2 ** 32));
    for (let i = 0; i < 3000; i += 1) {
      const w = [pick(), pick(), pick(), pick()] as const;
      const value = (BigInt(w[0]) << 96n) | (BigInt(w[1]) << 64n) | (BigInt(w[2]) << 32n) | BigInt(w[3]);
      expect(written((out) => out.ipv6(...w))).toBe(formatAddress({ version: 6, value }));
      expect(written((out) => out.ipv4(w[3]))).toBe(formatAddress({ version: 4, value: BigInt(w[3]) }));
    }
    expect(written((out) => out.ipv6(0, 0, 0, 0))).toBe('::');
    expect(written((out) => out.ipv6(0x20010db8, 0, 0, 0))).toBe('2001:db8::');
    expect(written((out) => out.ipv6(0x20010db8, 0, 1, 0))).toBe('2001:db8::1:0:0');
  });

  it('writes Unix seconds as Date#toISOString does, across leap days and centuries up to 2^32 - 1', () => {
    const days = (iso: string) => Date.parse(iso) / 1000;
    const seconds = [
      1,
      59,
      86_399,
      86_400,
      days('2000-02-29T23:59:59Z'),
      days('2000-03-01T00:00:00Z'),
      days('2100-02-28T12:00:00Z'),
      days('2100-03-01T00:00:00Z'),
      2 ** 32 - 1,
    ];
    for (let i = 0; i < 5000; i += 1) seconds.push(1 + int(2 ** 32 - 1));
    for (const s of seconds) expect(written((out) => out.isoTime(s))).toBe(new Date(s * 1000).toISOString());
  });

  it('writes bytes as two lowercase hex digits and any text as UTF-8', () => {
    expect(written((out) => [0, 9, 10, 171, 255].forEach((b) => out.hexByte(b)))).toBe('00090aabff');
    const out = new JsonBytes(1);
    out.text('{"k":"é€"}');
    expect(out.buf.toString('utf8', 0, out.pos)).toBe('{"k":"é€"}');
  });
});
