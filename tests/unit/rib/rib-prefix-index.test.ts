import { describe, expect, it } from 'vitest';
import { formatPrefix, type IpPrefix, networkOf } from '../../../src/service/features/rib/ip.codec.js';
import { coveringKeys, insideBounds, PrefixIndex, prefixKey } from '../../../src/service/features/rib/rib.prefix-index.js';
import { createPrng } from '../../../scripts/seed-builder/prng.js';

/** Random prefixes of one family, clustered so that many lie inside one another. */
function randomPrefixes(version: 4 | 6, count: number, seed: number): IpPrefix[] {
  const next = createPrng(seed).next;
  const bits = version === 4 ? 32 : 128;
  const out: IpPrefix[] = [];
  for (let i = 0; i < count; i += 1) {
    const length = Math.floor(next() * (version === 4 ? 25 : 65)) + (version === 4 ? 8 : 16);
    // A few top bits only, so prefixes collide and nest.
    let value = 0n;
    for (let b = 0; b < 12; b += 1) if (next() < 0.5) value |= 1n << BigInt(bits - 1 - b);
    if (next() < 0.5) value |= BigInt(Math.floor(next() * 65536)) << BigInt(bits - 32);
    const address = { version, value };
    out.push({ address: { version, value: networkOf(address, length) }, length });
  }
  return out;
}

const inside = (p: IpPrefix, q: IpPrefix) => p.length > q.length && networkOf(p.address, q.length) === q.address.value;
const covers = (p: IpPrefix, q: IpPrefix) => p.length <= q.length && networkOf(q.address, p.length) === p.address.value;

describe.each([4, 6] as const)('prefix index (IPv%i) against a brute-force scan', (version) => {
  const prefixes = randomPrefixes(version, 4000, version);
  const index = new PrefixIndex(version === 4 ? 5 : 17);
  const held = new Map<string, IpPrefix>();
  for (const p of prefixes) {
    index.set(prefixKey(p), formatPrefix(p));
    held.set(formatPrefix(p), p);
  }
  // Remove a third, so blocks shrink and some empty.
  for (const p of prefixes.slice(0, 1300)) {
    expect(index.delete(prefixKey(p))).toBe(held.delete(formatPrefix(p)));
  }
  const all = [...held.values()];
  const queries = randomPrefixes(version, 300, version + 10).concat([{ address: { version, value: 0n }, length: 0 }]);

  it('holds what was set and not what was deleted', () => {
    expect(index.size).toBe(held.size);
    for (const p of prefixes) expect(index.get(prefixKey(p))).toBe(held.has(formatPrefix(p)) ? formatPrefix(p) : undefined);
  });

  it('counts and lists exactly the prefixes inside any query, in address order', () => {
    for (const q of queries) {
      const expected = all
        .filter((p) => inside(p, q))
        .sort((a, b) => (a.address.value < b.address.value ? -1 : a.address.value > b.address.value ? 1 : a.length - b.length))
        .map(formatPrefix);
      const { from, to } = insideBounds(q);
      expect(index.rank(to) - index.rank(from)).toBe(expected.length);
      expect(index.range(from, to, 50)).toEqual(expected.slice(0, 50));
    }
  });

  it('finds every covering prefix', () => {
    for (const q of queries) {
      const expected = all
        .filter((p) => covers(p, q))
        .sort((a, b) => a.length - b.length)
        .map(formatPrefix);
      expect(coveringKeys(q).flatMap((key) => index.get(key) ?? [])).toEqual(expected);
    }
  });
});
