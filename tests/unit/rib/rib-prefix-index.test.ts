import { describe, expect, it } from 'vitest';
import { formatPrefix, type IpPrefix, networkOf } from '../../../src/service/features/rib/ip.codec.js';
import { PrefixIndex } from '../../../src/service/features/rib/rib.prefix-index.js';
import { coveringKeys, insideBounds, keyLengthOf, prefixKey } from '../../../src/service/features/rib/rib.prefix-keys.js';
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
  const index = new PrefixIndex(keyLengthOf(version));
  // Values of varied sizes, so entries move by different amounts and blocks split at different counts.
  const valueOf = (p: IpPrefix, pad: number) => Buffer.from(`${formatPrefix(p)}|${'x'.repeat(pad)}`);
  const text = (value: Buffer | undefined) => value?.toString().split('|')[0];
  const held = new Map<string, IpPrefix>();
  for (const [i, p] of prefixes.entries()) {
    index.set(prefixKey(p), valueOf(p, (i * 37) % 200));
    held.set(formatPrefix(p), p);
  }
  // Remove a third, so blocks shrink and some empty; give another third values of other sizes.
  for (const p of prefixes.slice(0, 1300)) {
    expect(index.delete(prefixKey(p))).toBe(held.delete(formatPrefix(p)));
  }
  for (const [i, p] of prefixes.slice(1300, 2600).entries()) {
    index.set(prefixKey(p), valueOf(p, (i * 11) % 300));
    held.set(formatPrefix(p), p);
  }
  const all = [...held.values()];
  const queries = randomPrefixes(version, 300, version + 10).concat([{ address: { version, value: 0n }, length: 0 }]);

  it('holds what was set and not what was deleted', () => {
    expect(index.size).toBe(held.size);
    for (const p of prefixes) expect(text(index.get(prefixKey(p)))).toBe(held.has(formatPrefix(p)) ? formatPrefix(p) : undefined);
  });

  it('counts and lists exactly the prefixes inside any query, in address order', () => {
    for (const q of queries) {
      const expected = all
        .filter((p) => inside(p, q))
        .sort((a, b) => (a.address.value < b.address.value ? -1 : a.address.value > b.address.value ? 1 : a.length - b.length))
        .map(formatPrefix);
      const { from, to } = insideBounds(q);
      expect(index.rank(to) - index.rank(from)).toBe(expected.length);
      expect(index.range(from, to, 50).map(text)).toEqual(expected.slice(0, 50));
    }
  });

  it('finds every covering prefix', () => {
    for (const q of queries) {
      const expected = all
        .filter((p) => covers(p, q))
        .sort((a, b) => a.length - b.length)
        .map(formatPrefix);
      expect(coveringKeys(q).flatMap((key) => text(index.get(key)) ?? [])).toEqual(expected);
    }
  });
});
