import { hostMask, type IpPrefix, maxLength } from './ip.codec.js';

/**
 * A prefix as a sort key: the network's bytes (4 for IPv4, 16 for IPv6) then the length, one byte each. Byte order is
 * then (network, length) order, in which every route inside a prefix lies in one run right after it (a route whose
 * network falls in the prefix's range and that is not longer would cover it, and then start at its network); so a
 * prefix's more-specifics are counted with two binary searches and listed by walking on.
 */
export function prefixKey(prefix: IpPrefix): Buffer {
  return keyOf(prefix.address.value, prefix.address.version === 4 ? 4 : 16, prefix.length);
}

/** Bytes of a key: 5 for IPv4, 17 for IPv6. */
export const keyLengthOf = (version: 4 | 6): number => (version === 4 ? 5 : 17);

function keyOf(value: bigint, bytes: number, length: number): Buffer {
  const key = Buffer.allocUnsafe(bytes + 1);
  for (let i = 0; i < bytes; i += 1) key[i] = Number((value >> BigInt((bytes - 1 - i) * 8)) & 0xffn);
  key[bytes] = length;
  return key;
}

/** The keys that bound the routes strictly inside `prefix`: from (network, length + 1) to past (last address, any). */
export function insideBounds(prefix: IpPrefix): { from: Buffer; to: Buffer } {
  const bytes = prefix.address.version === 4 ? 4 : 16;
  const last = prefix.address.value | hostMask(prefix.address.version, prefix.length);
  return { from: keyOf(prefix.address.value, bytes, prefix.length + 1), to: keyOf(last, bytes, 0xff) };
}

/** The keys of every prefix that covers `prefix` (itself included), shortest first. */
export function coveringKeys(prefix: IpPrefix): Buffer[] {
  const { version, value } = prefix.address;
  const bytes = version === 4 ? 4 : 16;
  const all = hostMask(version, 0);
  const keys: Buffer[] = [];
  for (let length = 0; length <= Math.min(prefix.length, maxLength(version)); length += 1) {
    keys.push(keyOf(value & (all ^ hostMask(version, length)), bytes, length));
  }
  return keys;
}
