/** A block splits once its entries take more than this many bytes, so a change moves at most about this much. */
const BLOCK_BYTES = 64 * 1024;
/** Each entry: key, value length (4 bytes), value. */
const LENGTH_BYTES = 4;

interface Block {
  /** Entries back to back, in key order; `used` bytes of it hold them. */
  buf: Buffer;
  used: number;
  /** Where each entry starts; `n` of them. */
  offsets: Uint32Array;
  n: number;
}

/**
 * A sorted map from prefix keys (rib.prefix-keys.ts) to bytes (the routes' encoded messages), kept outside the
 * JavaScript heap: entries sit back to back in Buffers of about BLOCK_BYTES, so a million routes are a few thousand
 * objects for the collector to visit rather than a million, and its pauses do not grow with the table. A lookup is a
 * binary search over the blocks' last keys and one within a block; an insert or removal moves the bytes after it in
 * one block; the position of a key among all (its rank) adds the entry counts of the blocks before it, kept as running
 * totals rebuilt after a change, when next asked. A value returned is a view of a block: read it before the next change.
 */
export class PrefixIndex {
  private blocks: Block[] = [];
  private starts: number[] | null = null;
  private count = 0;

  /** keyLength: 5 for IPv4 keys, 17 for IPv6. */
  constructor(private readonly keyLength: number) {}

  get size(): number {
    return this.count;
  }

  get(key: Buffer): Buffer | undefined {
    const block = this.blocks[this.blockOf(key)];
    if (!block) return undefined;
    const i = this.lowerBound(block, key);
    return i < block.n && this.compareAt(block, i, key) === 0 ? this.valueAt(block, i) : undefined;
  }

  set(key: Buffer, value: Uint8Array): void {
    if (this.blocks.length === 0) this.blocks.push({ buf: Buffer.allocUnsafeSlow(roomFor(0)), used: 0, offsets: new Uint32Array(64), n: 0 });
    const b = this.blockOf(key);
    const block = this.blocks[b] as Block;
    const i = this.lowerBound(block, key);
    const size = this.keyLength + LENGTH_BYTES + value.length;
    if (i < block.n && this.compareAt(block, i, key) === 0) {
      this.resize(block, i, size - this.entrySize(block, i));
    } else {
      this.open(block, i, size);
      this.count += 1;
      this.starts = null;
    }
    const at = block.offsets[i] as number;
    key.copy(block.buf, at, 0, this.keyLength);
    block.buf.writeUInt32LE(value.length, at + this.keyLength);
    block.buf.set(value, at + this.keyLength + LENGTH_BYTES);
    if (block.used > BLOCK_BYTES) this.split(b);
  }

  delete(key: Buffer): boolean {
    const b = this.blockOf(key);
    const block = this.blocks[b];
    if (!block) return false;
    const i = this.lowerBound(block, key);
    if (i >= block.n || this.compareAt(block, i, key) !== 0) return false;
    this.resize(block, i, -this.entrySize(block, i));
    block.offsets.copyWithin(i, i + 1, block.n);
    block.n -= 1;
    if (block.n === 0) this.blocks.splice(b, 1);
    this.count -= 1;
    this.starts = null;
    return true;
  }

  /** How many keys sort before `key`. */
  rank(key: Buffer): number {
    const b = this.blockOf(key);
    const block = this.blocks[b];
    if (!block) return 0;
    this.starts ??= runningTotals(this.blocks);
    return (this.starts[b] ?? 0) + this.lowerBound(block, key);
  }

  /** Values from the first key at or after `from` up to (not including) `to`, at most `max`. */
  range(from: Buffer, to: Buffer, max: number): Buffer[] {
    const out: Buffer[] = [];
    let b = this.blockOf(from);
    let i = this.blocks[b] ? this.lowerBound(this.blocks[b] as Block, from) : 0;
    for (; b < this.blocks.length && out.length < max; b += 1, i = 0) {
      const block = this.blocks[b] as Block;
      for (; i < block.n && out.length < max; i += 1) {
        if (this.compareAt(block, i, to) >= 0) return out;
        out.push(this.valueAt(block, i));
      }
    }
    return out;
  }

  private valueAt(block: Block, i: number): Buffer {
    const at = (block.offsets[i] as number) + this.keyLength;
    return block.buf.subarray(at + LENGTH_BYTES, at + LENGTH_BYTES + block.buf.readUInt32LE(at));
  }

  private entrySize(block: Block, i: number): number {
    return this.keyLength + LENGTH_BYTES + block.buf.readUInt32LE((block.offsets[i] as number) + this.keyLength);
  }

  /** Entry i's key against `key`: negative, zero or positive. */
  private compareAt(block: Block, i: number, key: Buffer): number {
    const at = block.offsets[i] as number;
    const buf = block.buf;
    for (let k = 0; k < this.keyLength; k += 1) {
      const d = (buf[at + k] as number) - (key[k] as number);
      if (d !== 0) return d;
    }
    return 0;
  }

  private lowerBound(block: Block, key: Buffer): number {
    let lo = 0;
    let hi = block.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(block, mid, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The block where `key` is or would go: the first whose last key is not before it (the last block otherwise). */
  private blockOf(key: Buffer): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.blocks[mid] as Block;
      if (this.compareAt(block, block.n - 1, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Makes room for a new entry of `size` bytes at position i. */
  private open(block: Block, i: number, size: number): void {
    const at = i < block.n ? (block.offsets[i] as number) : block.used;
    this.reserve(block, size);
    block.buf.copy(block.buf, at + size, at, block.used);
    block.used += size;
    if (block.n === block.offsets.length) {
      const grown = new Uint32Array(block.offsets.length * 2);
      grown.set(block.offsets);
      block.offsets = grown;
    }
    block.offsets.copyWithin(i + 1, i, block.n);
    block.offsets[i] = at;
    block.n += 1;
    for (let j = i + 1; j < block.n; j += 1) block.offsets[j] = (block.offsets[j] as number) + size;
  }

  /** Grows or shrinks entry i by `delta` bytes, moving the entries after it. */
  private resize(block: Block, i: number, delta: number): void {
    if (delta === 0) return;
    const end = (block.offsets[i] as number) + this.entrySize(block, i);
    this.reserve(block, delta);
    block.buf.copy(block.buf, end + delta, end, block.used);
    block.used += delta;
    for (let j = i + 1; j < block.n; j += 1) block.offsets[j] = (block.offsets[j] as number) + delta;
  }

  /** Grows a block's buffer by an eighth at a time: the table's memory stays close to the bytes it holds. */
  private reserve(block: Block, extra: number): void {
    if (block.used + extra <= block.buf.length) return;
    const grown = Buffer.allocUnsafeSlow(roomFor(block.used + extra));
    block.buf.copy(grown, 0, 0, block.used);
    block.buf = grown;
  }

  /** Moves the second half of block b into a new block after it. */
  private split(b: number): void {
    const block = this.blocks[b] as Block;
    const half = block.n >>> 1;
    const from = block.offsets[half] as number;
    const bytes = block.used - from;
    const buf = Buffer.allocUnsafeSlow(roomFor(bytes));
    block.buf.copy(buf, 0, from, block.used);
    const offsets = new Uint32Array(Math.max(64, (block.n - half) * 2));
    for (let j = half; j < block.n; j += 1) offsets[j - half] = (block.offsets[j] as number) - from;
    this.blocks.splice(b + 1, 0, { buf, used: bytes, offsets, n: block.n - half });
    const kept = Buffer.allocUnsafeSlow(roomFor(from));
    block.buf.copy(kept, 0, 0, from);
    block.buf = kept;
    block.used = from;
    block.n = half;
  }
}

const roomFor = (bytes: number): number => Math.max(4096, Math.ceil(bytes * 1.125));

function runningTotals(blocks: Block[]): number[] {
  const starts: number[] = [];
  let total = 0;
  for (const block of blocks) {
    starts.push(total);
    total += block.n;
  }
  return starts;
}
