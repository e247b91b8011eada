import { hostMask, type IpPrefix, maxLength } from './ip.codec.js';

/**
 * A prefix as a sort key: the network's bytes (4 for IPv4, 16 for IPv6) then the length, one latin1 character each.
 * String order is then (network, length) order, in which every route inside a prefix lies in one run right after it
 * (a route whose network falls in the prefix's range and that is not longer would cover it, and then start at its
 * network); so a prefix's more-specifics are counted with two binary searches and listed by walking on.
 */
export function prefixKey(prefix: IpPrefix): string {
  return keyOf(prefix.address.value, prefix.address.version === 4 ? 4 : 16, prefix.length);
}

function keyOf(value: bigint, bytes: number, length: number): string {
  let text = '';
  for (let i = bytes - 1; i >= 0; i -= 1) text += String.fromCharCode(Number((value >> BigInt(i * 8)) & 0xffn));
  return text + String.fromCharCode(length);
}

/** The keys that bound the routes strictly inside `prefix`: from (network, length + 1) to past (last address, any). */
export function insideBounds(prefix: IpPrefix): { from: string; to: string } {
  const bytes = prefix.address.version === 4 ? 4 : 16;
  const last = prefix.address.value | hostMask(prefix.address.version, prefix.length);
  return { from: keyOf(prefix.address.value, bytes, prefix.length + 1), to: keyOf(last, bytes, 0xff) };
}

/** The keys of every prefix that covers `prefix` (itself included), shortest first. */
export function coveringKeys(prefix: IpPrefix): string[] {
  const { version, value } = prefix.address;
  const bytes = version === 4 ? 4 : 16;
  const all = hostMask(version, 0);
  const keys: string[] = [];
  for (let length = 0; length <= Math.min(prefix.length, maxLength(version)); length += 1) {
    keys.push(keyOf(value & (all ^ hostMask(version, length)), bytes, length));
  }
  return keys;
}

/** Blocks split above this size, so an insert moves at most this many entries. */
const BLOCK_MAX = 512;

/**
 * A sorted map from prefix keys to values (the routes' encoded messages). An entry is one string, the key followed by
 * the value: keys of one family have one length, so entries sort as their keys do, and a million routes are a million
 * strings, which V8 never scans inside, rather than twice as many objects for each full collection to visit. Entries
 * sit in blocks of at most BLOCK_MAX: a lookup is a binary search over the blocks' last entries and one within a block,
 * an insert or removal touches one block, and the position of a key among all (its rank) adds the sizes of the blocks
 * before it, kept as running totals that are rebuilt after a change, when next asked.
 */
export class PrefixIndex {
  private blocks: string[][] = [];
  /** starts[i]: entries before block i; null after a change. */
  private starts: number[] | null = null;
  private count = 0;

  /** keyLength: 5 for IPv4 keys, 17 for IPv6 (prefixKey). */
  constructor(private readonly keyLength: number) {}

  get size(): number {
    return this.count;
  }

  get(key: string): string | undefined {
    const block = this.blocks[this.blockOf(key)];
    const entry = block?.[lowerBound(block, key)];
    return entry?.startsWith(key) ? entry.slice(this.keyLength) : undefined;
  }

  set(key: string, value: string): void {
    if (this.blocks.length === 0) this.blocks.push([]);
    const b = this.blockOf(key);
    const block = this.blocks[b] as string[];
    const i = lowerBound(block, key);
    if (block[i]?.startsWith(key)) {
      block[i] = key + value;
      return;
    }
    block.splice(i, 0, key + value);
    this.count += 1;
    this.starts = null;
    if (block.length > BLOCK_MAX) this.blocks.splice(b + 1, 0, block.splice(block.length >>> 1));
  }

  delete(key: string): boolean {
    const b = this.blockOf(key);
    const block = this.blocks[b];
    if (!block) return false;
    const i = lowerBound(block, key);
    if (!block[i]?.startsWith(key)) return false;
    block.splice(i, 1);
    if (block.length === 0) this.blocks.splice(b, 1);
    this.count -= 1;
    this.starts = null;
    return true;
  }

  /** How many keys sort before `key`. */
  rank(key: string): number {
    const b = this.blockOf(key);
    const block = this.blocks[b];
    if (!block) return 0;
    this.starts ??= runningTotals(this.blocks);
    return (this.starts[b] ?? 0) + lowerBound(block, key);
  }

  /** Values from the first key at or after `from` up to (not including) `to`, at most `max`. */
  range(from: string, to: string, max: number): string[] {
    const out: string[] = [];
    let b = this.blockOf(from);
    let i = this.blocks[b] ? lowerBound(this.blocks[b] as string[], from) : 0;
    for (; b < this.blocks.length && out.length < max; b += 1, i = 0) {
      const block = this.blocks[b] as string[];
      for (; i < block.length && out.length < max; i += 1) {
        const entry = block[i] as string;
        if (entry >= to) return out;
        out.push(entry.slice(this.keyLength));
      }
    }
    return out;
  }

  /** The block where `key` is or would go: the first whose last entry is not before it (the last block otherwise). */
  private blockOf(key: string): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid] as string[];
      if ((block[block.length - 1] as string) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The first entry not before `key` (an entry starting with `key` is after it, so it is found). */
function lowerBound(entries: string[], key: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((entries[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function runningTotals(blocks: string[][]): number[] {
  const starts: number[] = [];
  let total = 0;
  for (const block of blocks) {
    starts.push(total);
    total += block.length;
  }
  return starts;
}
