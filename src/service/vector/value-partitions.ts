import hnswlib from 'hnswlib-node';
import type { CellHit, PayloadFilter } from './payload-cells.js';
import type { Payload } from './vector-collection.js';

const M = 16;
const EF_CONSTRUCTION = 100;
/** As in the collection: ef never drops below this, so recall@10 stays near 1.0. */
const MIN_EF = 128;
/** Vectors copied into a new partition per event-loop turn (about 0.3 ms each at 100,000 items). */
const FILL_SLICE = 64;

/**
 * When a value of one payload field deserves an hnsw index of its own: searches filtered on it came up short in the
 * unfiltered pool (at least SHORT_POOLS times and in at least SHORT_SHARE of the pools taken for it), it has more
 * items than exact scoring serves in about one unfiltered query (`minItems`), and a share of the collection no
 * larger than `maxShare` (above that, a partition would copy most of the collection).
 */
export interface PartitionRule {
  minItems: number;
  maxShare: number;
}
const SHORT_POOLS = 3;
const SHORT_SHARE = 0.1;

export interface PartitionInfo {
  field: string;
  value: string | number;
  items: number;
  /** False while the items that were there before the partition was created are copied in (between other work). */
  ready: boolean;
}

/**
 * One hnsw index per common value of a payload field (speed_gbps = 1600, fiber_type = MMF), for the filters that
 * pass too many items for exact scoring and whose value the query's neighbourhood lacks (a query about 100 m
 * multimode optics filtered to 1.6T): the unfiltered pool then comes up short and exact scoring of every passing
 * item answers, several unfiltered queries' worth, where the partition answers in less than one. A value gets its
 * partition when its pools keep coming up short (PartitionRule); one whose pools suffice (a filter independent of
 * what is asked, or a value most neighbourhoods hold) never costs the copy of its items' vectors a partition holds.
 * Partitions live in memory only; after a start they come back the same way.
 */
export interface ValuePartitions {
  add(label: number, vector: number[], payload: Payload): void;
  /** Counts an item under its values without a vector: for a collection that has just been opened (no partitions yet). */
  track(label: number, payload: Payload): void;
  remove(label: number): void;
  /** A single-key filter took the unfiltered pool, which did or did not hold k passing items. */
  notePool(filter: PayloadFilter, short: boolean): void;
  /** The k nearest items of a single-key filter from its partition, or undefined when it has none ready. */
  search(query: number[], k: number, filter: PayloadFilter): CellHit[] | undefined;
  list(): PartitionInfo[];
}

interface Partition {
  readonly field: string;
  readonly value: string | number;
  readonly index: hnswlib.HierarchicalNSW;
  /** Live items in the index; removed ones stay as deleted slots until the label comes back. */
  readonly held: Set<number>;
  ready: boolean;
}

type Value = string | number;

function normalise(value: Value | null | undefined): Value | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value.toLowerCase() : value;
}

const keyOf = (field: string, value: Value) => JSON.stringify([field, value]);

/** `pointOf` reads a stored vector back (from the collection's index) when a new partition copies existing items. */
export function createValuePartitions(dimension: number, rule: PartitionRule, pointOf: (label: number) => number[]): ValuePartitions {
  const members = new Map<string, Set<number>>();
  const keysOfLabel = new Map<number, string[]>();
  const partitions = new Map<string, Partition>();
  const pools = new Map<string, { taken: number; short: number }>();

  const insert = (partition: Partition, label: number, vector: number[]) => {
    const { index } = partition;
    // Re-adding a label the index knows (live or deleted) updates it in place; a new one needs a free slot.
    if (!partition.held.has(label) && index.getCurrentCount() >= index.getMaxElements()) index.resizeIndex(index.getMaxElements() * 2);
    index.addPoint(vector, label);
    partition.held.add(label);
  };

  const create = (key: string, field: string, value: Value, labels: Set<number>) => {
    const index = new hnswlib.HierarchicalNSW('cosine', dimension);
    index.initIndex({ maxElements: Math.max(1024, labels.size * 2), m: M, efConstruction: EF_CONSTRUCTION });
    const partition: Partition = { field, value, index, held: new Set(), ready: false };
    partitions.set(key, partition);
    // New items go straight in (add); the ones already there are copied in slices, so a big value never blocks.
    const backlog = [...labels];
    const fill = (from: number) => {
      if (partitions.get(key) !== partition) return;
      for (const label of backlog.slice(from, from + FILL_SLICE)) {
        if (labels.has(label) && !partition.held.has(label)) insert(partition, label, pointOf(label));
      }
      if (from + FILL_SLICE < backlog.length) setImmediate(() => fill(from + FILL_SLICE)).unref();
      else partition.ready = true;
    };
    setImmediate(() => fill(0)).unref();
  };

  const remove = (label: number) => {
    for (const key of keysOfLabel.get(label) ?? []) {
      members.get(key)?.delete(label);
      const partition = partitions.get(key);
      if (partition?.held.delete(label)) partition.index.markDelete(label);
      // A value that shrank back to what exact scoring serves gives its memory back.
      if (partition && (members.get(key)?.size ?? 0) < rule.minItems / 2) partitions.delete(key);
    }
    keysOfLabel.delete(label);
  };

  // Without a vector (track) no partition may exist yet: a partition copies its items' vectors.
  const enter = (label: number, payload: Payload, vector: number[] | undefined) => {
    remove(label);
    const keys: string[] = [];
    for (const [field, raw] of Object.entries(payload)) {
      const value = normalise(raw);
      if (value === null) continue;
      const key = keyOf(field, value);
      keys.push(key);
      let labels = members.get(key);
      if (!labels) members.set(key, (labels = new Set()));
      labels.add(label);
      const partition = partitions.get(key);
      if (partition) insert(partition, label, vector ?? pointOf(label));
    }
    keysOfLabel.set(label, keys);
  };

  return {
    add: (label, vector, payload) => enter(label, payload, vector),
    track: (label, payload) => enter(label, payload, undefined),
    remove,
    notePool(filter, short) {
      const entries = Object.entries(filter);
      if (entries.length !== 1) return;
      const [field, raw] = entries[0] as [string, Value];
      const value = normalise(raw);
      if (value === null) return;
      const key = keyOf(field, value);
      const seen = pools.get(key) ?? { taken: 0, short: 0 };
      seen.taken += 1;
      if (short) seen.short += 1;
      pools.set(key, seen);
      const labels = members.get(key);
      if (partitions.has(key) || !labels || seen.short < SHORT_POOLS || seen.short < SHORT_SHARE * seen.taken) return;
      if (labels.size > rule.minItems && labels.size <= rule.maxShare * keysOfLabel.size) create(key, field, value, labels);
    },
    search(query, k, filter) {
      const entries = Object.entries(filter);
      if (entries.length !== 1) return undefined;
      const [field, raw] = entries[0] as [string, Value];
      const value = normalise(raw);
      const partition = value === null ? undefined : partitions.get(keyOf(field, value));
      if (!partition?.ready) return undefined;
      const wanted = Math.min(k, partition.held.size);
      if (wanted === 0) return [];
      partition.index.setEf(Math.max(MIN_EF, wanted));
      const result = partition.index.searchKnn(query, wanted);
      return result.neighbors.map((label, i) => ({ label, distance: result.distances[i] as number }));
    },
    list: () => [...partitions.values()].map((p) => ({ field: p.field, value: p.value, items: p.held.size, ready: p.ready })).sort((a, b) => b.items - a.items),
  };
}
