import hnswlib from 'hnswlib-node';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { collectionFiles, readMeta, removeOlderSaveLeftovers, type SavedMeta } from './collection-files.js';
import { nearestAmong } from './exact-search.js';
import { type PayloadFilter, payloadTest } from './payload-filter.js';
import type { EmbeddingIdentity, Payload, RetagItem, VectorHit, VectorItem } from './vector-types.js';

export { collectionFiles } from './collection-files.js';
export type { PayloadFilter } from './payload-filter.js';
export type { EmbeddingIdentity, Payload, RetagItem, VectorHit, VectorItem } from './vector-types.js';

export const M = 16;
export const EF_CONSTRUCTION = 100;
/** ef at query time never drops below this: on thousands of vectors it keeps recall@10 at ~1.0 for microseconds. */
const MIN_EF = 128;
const INITIAL_CAPACITY = 256;
/** Items entered into the lookups of an adopted graph between two turns of the event loop. */
const ADOPT_SLICE = 10_000;
/** Payloads a filtered search samples to estimate the share of items its filter passes. */
const SHARE_SAMPLES = 512;
/**
 * Graph nodes a filtered search aims to visit (ef / share): the unfiltered ef at a share of 1 in 20. A narrower
 * filter searches with a smaller ef, down to k, since walking past nodes that fail is what costs; measured at
 * 100,000 vectors (bench/search.bench.ts), recall@10 stays above 0.98 for shares down to 1 in 1,000, while ef 128
 * there visits most of the graph.
 */
const FILTERED_VISITS = MIN_EF * 20;

/**
 * A filter expected to pass at most this many items compares the query with each of them (exact) instead of walking
 * the graph: at 100,000 items and a share of 1 in 1,000 the walk visits most of the graph, while reading each passing
 * vector out of the index costs about as much as the walk at some 250 items (bench/search.bench.ts).
 */
const EXACT_SEARCH_ITEMS = 250;

/** ef for a filtered search of k items when about `share` of the items pass. */
export function filteredEf(k: number, share: number): number {
  return Math.max(k, Math.min(MIN_EF, Math.ceil(FILTERED_VISITS * share)));
}

export interface VectorCollection {
  readonly name: string;
  readonly identity: EmbeddingIdentity;
  /** True when a saved index of the same identity was loaded; false when it started empty. */
  readonly loaded: boolean;
  /** Why a saved index was not used (missing, other provider/model, unreadable), for the log. */
  readonly loadNote: string | null;
  size(): number;
  versions(): Map<string, string>;
  upsert(items: VectorItem[]): void;
  /** Makes room for `extra` more items at once (growing a large index copies it, so a bulk load grows it once). */
  reserve(extra: number): void;
  retag(items: RetagItem[]): void;
  textHashOf(id: string): string | undefined;
  remove(ids: string[]): void;
  /** k nearest by cosine among the items the filter passes; k hits come back whenever k items pass it. */
  search(vector: Float32Array, k: number, filter?: PayloadFilter): VectorHit[];
  /** The stored vector of one item (for exact brute-force checks). */
  vectorOf(id: string): Float32Array | undefined;
  ids(): string[];
  meta(): { builtAt: string | null; buildMs: number; sourceFingerprint: string | null };
  markBuilt(info: { builtAt: string; buildMs: number; sourceFingerprint: string | null }): void;
  /** Index and sidecar, each written aside and renamed into place; the sidecar, written last, commits them. */
  save(): Promise<void>;
  fileBytes(): number;
  /**
   * Takes over a graph built elsewhere (graph-build.worker.ts) from its file, its labels 0, 1, 2… being `items` in
   * order; the collection must be empty. hnswlib reads the file off the event loop, into an index searches do not see
   * until it is read.
   */
  adopt(file: string, items: readonly LoadedItem[]): Promise<void>;
}

/** An item whose vector is in a graph file already. */
export type LoadedItem = Omit<VectorItem, 'vector'>;

interface Entry {
  label: number;
  version: string;
  payload: Payload | undefined;
  textHash: string | undefined;
}

/** Opens a collection from DATA_DIR/vectors, or starts it empty when the saved one is missing or of another identity. */
export function openVectorCollection(dir: string, name: string, identity: EmbeddingIdentity): VectorCollection {
  mkdirSync(dir, { recursive: true });
  const files = collectionFiles(dir, name);
  let index = new hnswlib.HierarchicalNSW('cosine', identity.dimension);
  let byId = new Map<string, Entry>();
  let idByLabel = new Map<number, string>();
  // What a filtered search tests for each graph node it visits: a label's payload in one lookup.
  let payloadByLabel = new Map<number, Payload>();
  let nextLabel = 0;
  let capacity = INITIAL_CAPACITY;
  let builtAt: string | null = null;
  let buildMs = 0;
  let sourceFingerprint: string | null = null;
  let loadNote: string | null = null;
  let loaded = false;

  const setPayload = (label: number, payload: Payload | undefined) => {
    if (payload) payloadByLabel.set(label, payload);
    else payloadByLabel.delete(label);
  };

  const saved = existsSync(files.meta) && existsSync(files.index) ? readMeta(files.meta) : undefined;
  if (!saved) loadNote = 'no saved index';
  else if (saved.provider !== identity.provider || saved.model !== identity.model || saved.dimension !== identity.dimension) {
    loadNote = `saved index was built by ${saved.provider}/${saved.model} (${saved.dimension}-d); rebuilding for ${identity.provider}/${identity.model}`;
  } else {
    try {
      index.readIndexSync(files.index, true);
      for (const [label, id, version, payload, textHash] of saved.items) {
        byId.set(id, { label, version, payload: payload ?? undefined, textHash: textHash ?? undefined });
        idByLabel.set(label, id);
        setPayload(label, payload ?? undefined);
      }
      ({ nextLabel, builtAt, buildMs, sourceFingerprint } = saved);
      // The index file, not the sidecar, says how much room there is: hnswlib reloads an index saved empty with
      // room for nothing, and a capacity copied from the sidecar would let addPoint run past the real limit.
      capacity = index.getMaxElements();
      loaded = true;
    } catch (error) {
      loadNote = `saved index unreadable (${error instanceof Error ? error.message : String(error)}); rebuilding`;
      byId.clear();
      idByLabel.clear();
      payloadByLabel.clear();
    }
  }
  if (!loaded) index.initIndex({ maxElements: capacity, m: M, efConstruction: EF_CONSTRUCTION, allowReplaceDeleted: true });

  const ensureCapacity = (extra: number) => {
    // Deleted slots are reused (replaceDeleted), so live items plus the new ones is what must fit.
    const needed = byId.size + extra;
    if (needed <= capacity) return;
    capacity = Math.max(needed, capacity * 2, INITIAL_CAPACITY);
    index.resizeIndex(capacity);
  };

  // The share of items a filter passes, from payloads at evenly spaced labels (a few microseconds).
  const sampledShare = (passes: (payload: Payload | undefined) => boolean): number => {
    let seen = 0;
    let passed = 0;
    for (let i = 0; i < SHARE_SAMPLES; i += 1) {
      const payload = payloadByLabel.get(Math.floor(((i + 0.5) * nextLabel) / SHARE_SAMPLES));
      if (payload === undefined) continue;
      seen += 1;
      if (passes(payload)) passed += 1;
    }
    return seen === 0 ? 0 : passed / seen;
  };

  const toHits = (labels: number[], distances: number[]): VectorHit[] => {
    const hits: VectorHit[] = [];
    labels.forEach((label, i) => {
      const id = idByLabel.get(label);
      if (id === undefined) return;
      hits.push({ id, score: 1 - (distances[i] as number), payload: byId.get(id)?.payload });
    });
    return hits;
  };

  return {
    name,
    identity,
    loaded,
    loadNote,
    size: () => byId.size,
    versions: () => new Map([...byId].map(([id, entry]) => [id, entry.version])),
    ids: () => [...byId.keys()],
    reserve: (extra) => ensureCapacity(extra),
    upsert(items) {
      ensureCapacity(items.length);
      for (const item of items) {
        if (item.vector.length !== identity.dimension) {
          throw new Error(`${name}: vector of ${item.vector.length} dimensions, collection has ${identity.dimension}`);
        }
        const existing = byId.get(item.id);
        const label = existing?.label ?? nextLabel++;
        // Re-adding a live label replaces its vector in place; a new label may take over a deleted slot.
        index.addPoint(Array.from(item.vector), label, existing === undefined);
        byId.set(item.id, { label, version: item.version, payload: item.payload, textHash: item.textHash });
        idByLabel.set(label, item.id);
        setPayload(label, item.payload);
      }
    },
    retag(items) {
      for (const item of items) {
        const entry = byId.get(item.id);
        if (!entry) continue;
        byId.set(item.id, { ...entry, version: item.version, payload: item.payload });
        setPayload(entry.label, item.payload);
      }
    },
    textHashOf: (id) => byId.get(id)?.textHash,
    remove(ids) {
      for (const id of ids) {
        const entry = byId.get(id);
        if (!entry) continue;
        index.markDelete(entry.label);
        byId.delete(id);
        idByLabel.delete(entry.label);
        payloadByLabel.delete(entry.label);
      }
    },
    search(vector, k, filter) {
      const wanted = Math.min(k, byId.size);
      if (wanted <= 0) return [];
      const query = Array.from(vector);
      index.setEf(Math.max(MIN_EF, wanted));
      if (filter === undefined || Object.keys(filter).length === 0) {
        const result = index.searchKnn(query, wanted);
        return toHits(result.neighbors, result.distances);
      }
      // hnswlib tests each graph node it visits and keeps those that pass until ef of them are found, walking on
      // through the others (so it visits about ef / share nodes); when fewer than k items pass it returns them all.
      const passes = payloadTest(filter);
      const share = sampledShare(passes);
      if (share * byId.size <= EXACT_SEARCH_ITEMS) {
        const passing: number[] = [];
        for (const [label, payload] of payloadByLabel) if (passes(payload)) passing.push(label);
        // The sample can underestimate a share; past twice the bound the graph walk is the cheaper way again.
        if (passing.length <= EXACT_SEARCH_ITEMS * 2) {
          const nearest = nearestAmong(query, passing, (label) => index.getPoint(label), wanted);
          return toHits(nearest.neighbors, nearest.distances);
        }
      }
      index.setEf(filteredEf(wanted, share));
      const result = index.searchKnn(query, wanted, (label: number) => passes(payloadByLabel.get(label)));
      return toHits(result.neighbors, result.distances);
    },
    vectorOf(id) {
      const entry = byId.get(id);
      return entry ? Float32Array.from(index.getPoint(entry.label)) : undefined;
    },
    meta: () => ({ builtAt, buildMs, sourceFingerprint }),
    markBuilt(info) {
      ({ builtAt, buildMs, sourceFingerprint } = info);
    },
    async save() {
      const meta: SavedMeta = {
        format: 1,
        name,
        ...identity,
        builtAt,
        buildMs,
        sourceFingerprint,
        nextLabel,
        capacity,
        items: [...byId].map(([id, e]) => [e.label, id, e.version, e.payload ?? null, e.textHash ?? null]),
      };
      await index.writeIndex(`${files.index}.tmp`);
      renameSync(`${files.index}.tmp`, files.index);
      writeFileSync(`${files.meta}.tmp`, JSON.stringify(meta));
      renameSync(`${files.meta}.tmp`, files.meta);
      removeOlderSaveLeftovers(dir, name);
    },
    async adopt(file, items) {
      if (byId.size > 0) throw new Error(`${name}: a graph is adopted only into an empty collection`);
      const read = new hnswlib.HierarchicalNSW('cosine', identity.dimension);
      await read.readIndex(file, true);
      if (read.getCurrentCount() !== items.length) throw new Error(`${name}: the graph holds ${read.getCurrentCount()} vectors, not ${items.length}`);
      // The lookups are built aside, a slice at a time, and take over with the graph at once.
      const entries = new Map<string, Entry>();
      const ids = new Map<number, string>();
      const payloads = new Map<number, Payload>();
      for (let label = 0; label < items.length; label += 1) {
        const item = items[label] as LoadedItem;
        entries.set(item.id, { label, version: item.version, payload: item.payload, textHash: item.textHash });
        ids.set(label, item.id);
        if (item.payload) payloads.set(label, item.payload);
        if (label % ADOPT_SLICE === ADOPT_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      if (byId.size > 0) throw new Error(`${name}: items were added while a graph was adopted`);
      [index, byId, idByLabel, payloadByLabel] = [read, entries, ids, payloads];
      nextLabel = items.length;
      capacity = index.getMaxElements();
    },
    fileBytes() {
      let total = 0;
      for (const file of [files.index, files.meta]) if (existsSync(file)) total += statSync(file).size;
      return total;
    },
  };
}
