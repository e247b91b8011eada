/**
 * Text <-> wire codec for the routing daemon's addresses and prefixes (docs/routing-daemon.md, "Encodings").
 * An address is held as a BigInt because IPv6 halves (and the wire's uint64 fields) exceed Number's safe range.
 *
 * Decisions: an address without "/len" is a host prefix (/32 or /128); a prefix with host bits set is rejected
 * rather than silently masked (the caller probably mistyped, and the daemon's exact-match calls would miss);
 * IPv6 is written in RFC 5952 form (lowercase, longest zero run compressed) and never in mixed IPv4 notation,
 * so "::ffff:0:0/96" reads back exactly as written. Mixed notation is still accepted on input.
 */
export type IpVersion = 4 | 6;

export interface IpAddress {
  version: IpVersion;
  /** 32-bit value for IPv4, 128-bit for IPv6. */
  value: bigint;
}

export interface IpPrefix {
  address: IpAddress;
  length: number;
}

/** bio.net.IP as the gateway sends and receives it: uint64 halves as decimal strings (proto-loader longs: String). */
export interface WireIp {
  higher: string;
  lower: string;
  version: 'IPv4' | 'IPv6';
}

export interface WirePrefix {
  address: WireIp;
  length: number;
}

const MASK64 = (1n << 64n) - 1n;

export const maxLength = (version: IpVersion): number => (version === 4 ? 32 : 128);

export class AddressSyntaxError extends Error {
  override name = 'AddressSyntaxError';
}

function parseIpv4Value(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    // Leading zeros are refused: some parsers read them as octal, so "010" is ambiguous.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4Value(part);
      if (v4 === undefined) return undefined;
      groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

function parseIpv6Value(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? '');
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  // "::" must stand for at least one zero group; without "::" all eight groups must be present.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...new Array<number>(Math.max(0, missing)).fill(0), ...tail];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

/** Parses an IPv4 or IPv6 address; undefined when it is not one. */
export function tryParseAddress(text: string): IpAddress | undefined {
  if (text.includes(':')) {
    const value = parseIpv6Value(text);
    return value === undefined ? undefined : { version: 6, value };
  }
  const value = parseIpv4Value(text);
  return value === undefined ? undefined : { version: 4, value };
}

export function parseAddress(text: string): IpAddress {
  const address = tryParseAddress(text.trim());
  if (address === undefined) throw new AddressSyntaxError(`"${text}" is not an IPv4 or IPv6 address`);
  return address;
}

export function hostMask(version: IpVersion, length: number): bigint {
  return (1n << BigInt(maxLength(version) - length)) - 1n;
}

/** Parses "addr/len" (or a bare address as a host prefix); throws AddressSyntaxError with a readable reason. */
export function parsePrefix(text: string): IpPrefix {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const address = parseAddress(slash === -1 ? trimmed : trimmed.slice(0, slash));
  const max = maxLength(address.version);
  let length = max;
  if (slash !== -1) {
    const lengthText = trimmed.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(lengthText)) throw new AddressSyntaxError(`"${text}" has no valid prefix length after "/"`);
    length = Number(lengthText);
    if (length > max) throw new AddressSyntaxError(`"${text}": prefix length ${length} is outside 0..${max} for IPv${address.version}`);
  }
  if ((address.value & hostMask(address.version, length)) !== 0n) {
    const network = formatPrefix({ address: { ...address, value: address.value & ~hostMask(address.version, length) }, length });
    throw new AddressSyntaxError(`"${text}" has host bits set; the network is ${network}`);
  }
  return { address, length };
}

function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - i * 16)) & 0xffffn));
  // RFC 5952 4.2: compress the longest run of two or more zero groups, the first one on a tie.
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export function formatAddress(address: IpAddress): string {
  if (address.version === 6) return formatIpv6(address.value);
  const v = address.value;
  return [24n, 16n, 8n, 0n].map((shift) => String((v >> shift) & 0xffn)).join('.');
}

export function formatPrefix(prefix: IpPrefix): string {
  return `${formatAddress(prefix.address)}/${prefix.length}`;
}

export function toWireIp(address: IpAddress): WireIp {
  if (address.version === 4) return { higher: '0', lower: address.value.toString(), version: 'IPv4' };
  return { higher: (address.value >> 64n).toString(), lower: (address.value & MASK64).toString(), version: 'IPv6' };
}

/** Accepts what proto-loader yields for bio.net.IP: halves as decimal strings (or numbers), version by name or number. */
export function fromWireIp(ip: { higher?: string | number | bigint; lower?: string | number | bigint; version?: string | number }): IpAddress {
  const higher = BigInt(ip.higher ?? 0);
  const lower = BigInt(ip.lower ?? 0);
  const v6 = ip.version === 'IPv6' || ip.version === 1;
  if (!v6) return { version: 4, value: lower & 0xffffffffn };
  return { version: 6, value: ((higher & MASK64) << 64n) | (lower & MASK64) };
}

export function toWirePrefix(prefix: IpPrefix): WirePrefix {
  return { address: toWireIp(prefix.address), length: prefix.length };
}

/** The network of `address` at `length`, e.g. for testing whether a prefix covers another. */
export function networkOf(address: IpAddress, length: number): bigint {
  return address.value & ~hostMask(address.version, length) & (address.version === 4 ? 0xffffffffn : (1n << 128n) - 1n);
}
