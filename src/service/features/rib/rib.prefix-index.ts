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

interface Block {
  keys: string[];
  values: string[];
}

/** Blocks split above this size, so an insert moves at most this many entries. */
const BLOCK_MAX = 512;

/**
 * A sorted map from prefix keys to values (the routes' encoded messages) in blocks of at most BLOCK_MAX entries:
 * a lookup is a binary search over the blocks' first keys and one within a block, an insert or removal touches one
 * block, and the position of a key among all (its rank) adds the sizes of the blocks before it, kept as running
 * totals that are rebuilt after a change, when next asked. Values are strings: V8 never scans inside them, so a
 * million routes add little to a full collection.
 */
export class PrefixIndex {
  private blocks: Block[] = [];
  /** starts[i]: entries before block i; null after a change. */
  private starts: number[] | null = null;
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: string): string | undefined {
    const block = this.blocks[this.blockOf(key)];
    if (!block) return undefined;
    const i = lowerBound(block.keys, key);
    return block.keys[i] === key ? block.values[i] : undefined;
  }

  set(key: string, value: string): void {
    if (this.blocks.length === 0) this.blocks.push({ keys: [], values: [] });
    const b = this.blockOf(key);
    const block = this.blocks[b] as Block;
    const i = lowerBound(block.keys, key);
    if (block.keys[i] === key) {
      block.values[i] = value;
      return;
    }
    block.keys.splice(i, 0, key);
    block.values.splice(i, 0, value);
    this.count += 1;
    this.starts = null;
    if (block.keys.length > BLOCK_MAX) {
      const half = block.keys.length >>> 1;
      this.blocks.splice(b + 1, 0, { keys: block.keys.splice(half), values: block.values.splice(half) });
    }
  }

  delete(key: string): boolean {
    const b = this.blockOf(key);
    const block = this.blocks[b];
    if (!block) return false;
    const i = lowerBound(block.keys, key);
    if (block.keys[i] !== key) return false;
    block.keys.splice(i, 1);
    block.values.splice(i, 1);
    if (block.keys.length === 0) this.blocks.splice(b, 1);
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
    return (this.starts[b] ?? 0) + lowerBound(block.keys, key);
  }

  /** Entries from the first key at or after `from` up to (not including) `to`, at most `max`. */
  range(from: string, to: string, max: number): Array<[string, string]> {
    const out: Array<[string, string]> = [];
    let b = this.blockOf(from);
    let i = this.blocks[b] ? lowerBound((this.blocks[b] as Block).keys, from) : 0;
    for (; b < this.blocks.length && out.length < max; b += 1, i = 0) {
      const block = this.blocks[b] as Block;
      for (; i < block.keys.length && out.length < max; i += 1) {
        const key = block.keys[i] as string;
        if (key >= to) return out;
        out.push([key, block.values[i] as string]);
      }
    }
    return out;
  }

  /** The block whose range holds `key`: the last one whose first key is not after it (the first block otherwise). */
  private blockOf(key: string): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (((this.blocks[mid] as Block).keys[0] as string) <= key) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

function lowerBound(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function runningTotals(blocks: Block[]): number[] {
  const starts: number[] = [];
  let total = 0;
  for (const block of blocks) {
    starts.push(total);
    total += block.keys.length;
  }
  return starts;
}
