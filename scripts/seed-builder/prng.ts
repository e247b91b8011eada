/**
 * A small seeded pseudo-random generator (mulberry32). The data set must come out byte-identical on every
 * run, so nothing in the builder may touch Math.random or the clock; every random choice goes through here.
 */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, maxInclusive: number): number;
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** A derived, independent stream, so that adding draws in one part does not shift every other part. */
  fork(label: string): Prng;
}

function hashLabel(label: string): number {
  // FNV-1a, 32 bit: a stable way to turn a label into a seed.
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function createPrng(seed: number | string): Prng {
  let state = (typeof seed === 'number' ? seed : hashLabel(seed)) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const prng: Prng = {
    next,
    int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    fork: (label) => createPrng((hashLabel(label) ^ state) >>> 0),
  };
  return prng;
}

/** Rounds to a fixed number of decimals so that floating-point noise never reaches the files. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
