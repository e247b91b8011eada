import hnswlib from 'hnswlib-node';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { DEFAULT_TUNING, type FilteredPlan, type FilteredSearchTuning, searchFiltered } from './filtered-search.js';
import { createPayloadCells, type PayloadCells, type PayloadFilter } from './payload-cells.js';
import { createValuePartitions, type PartitionInfo, type ValuePartitions } from './value-partitions.js';
import { digestFile, readSavedCellsLater, removeStaleCells, savedCellsBytes, writeSavedCells } from './saved-cells.js';
import { collectionFiles, readMeta, type SavedMeta } from './collection-files.js';
import type { EmbeddingIdentity, Payload, RetagItem, VectorHit, VectorItem } from './vector-types.js';

export type { FilteredSearchTuning } from './filtered-search.js';
export { collectionFiles } from './collection-files.js';
export type { EmbeddingIdentity, Payload, RetagItem, VectorHit, VectorItem } from './vector-types.js';

const M = 16;
const EF_CONSTRUCTION = 100;
/** ef at query time never drops below this: on thousands of vectors it keeps recall@10 at ~1.0 for microseconds. */
const MIN_EF = 128;
const INITIAL_CAPACITY = 256;

/** Vectors read back per event-loop turn while a loaded index fills its payload cells. */
const CELL_BUILD_SLICE = 500;

export interface VectorCollection {
  readonly name: string;
  readonly identity: EmbeddingIdentity;
  /** True when a saved index of the same identity was loaded; false when it started empty. */
  readonly loaded: boolean;
  /** Why a saved index was not used (missing, other provider/model, unreadable), for the log. */
  readonly loadNote: string | null;
  /** Why a loaded index filled its payload cells from its vectors instead of reading them back saved (tests, the log). */
  cellsNote(): string | null;
  size(): number;
  versions(): Map<string, string>;
  upsert(items: VectorItem[]): void;
  retag(items: RetagItem[]): void;
  textHashOf(id: string): string | undefined;
  remove(ids: string[]): void;
  /** k nearest by cosine among the items the filter passes; k hits come back whenever k items pass it. */
  search(vector: Float32Array, k: number, filter?: PayloadFilter): VectorHit[];
  /** How the last filtered search was answered (for tests and benchmarks). */
  lastFilteredPlan(): FilteredPlan | undefined;
  /** Whether the payload cells are complete (a loaded index fills them in the background). */
  filterCellsReady(): boolean;
  /** The hnsw partitions of common payload values (value-partitions.ts), largest first. */
  filterPartitions(): PartitionInfo[];
  /** The stored vector of one item (for exact brute-force checks). */
  vectorOf(id: string): Float32Array | undefined;
  ids(): string[];
  meta(): { builtAt: string | null; buildMs: number; sourceFingerprint: string | null };
  markBuilt(info: { builtAt: string; buildMs: number; sourceFingerprint: string | null }): void;
  /** Index, payload cells and sidecar, each written aside and renamed into place; the sidecar, written last, commits them. */
  save(): Promise<void>;
  fileBytes(): number;
}

/** Opens a collection from DATA_DIR/vectors, or starts it empty when the saved one is missing or of another identity. */
export function openVectorCollection(dir: string, name: string, identity: EmbeddingIdentity, tuning: FilteredSearchTuning = DEFAULT_TUNING): VectorCollection {
  mkdirSync(dir, { recursive: true });
  const files = collectionFiles(dir, name);
  const index = new hnswlib.HierarchicalNSW('cosine', identity.dimension);
  const byId = new Map<string, { label: number; version: string; payload: Payload | undefined; textHash: string | undefined }>();
  const idByLabel = new Map<number, string>();
  let nextLabel = 0;
  let capacity = INITIAL_CAPACITY;
  let builtAt: string | null = null;
  let buildMs = 0;
  let sourceFingerprint: string | null = null;
  let loadNote: string | null = null;
  let cellsNote: string | null = null;
  let loaded = false;
  // The saved cells the sidecar on disk names; labels changed while they are read back after a start.
  let savedCellsId: string | null = null;
  let touched: Set<number> | undefined;
  // Settles once saved cells are read back (or found unusable): a save waits for it, so it saves them again.
  let restoring: Promise<void> | undefined;
  // Filled by upsert, and for a loaded index in the background (below); until then filters take hnswlib's callback.
  let cellsReady = false;
  let lastPlan: FilteredPlan | undefined;

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
      }
      ({ nextLabel, builtAt, buildMs, sourceFingerprint } = saved);
      savedCellsId = saved.cells ?? null;
      // The index file, not the sidecar, says how much room there is: hnswlib reloads an index saved empty with
      // room for nothing, and a capacity copied from the sidecar would let addPoint run past the real limit.
      capacity = index.getMaxElements();
      loaded = true;
    } catch (error) {
      loadNote = `saved index unreadable (${error instanceof Error ? error.message : String(error)}); rebuilding`;
      byId.clear();
      idByLabel.clear();
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

  const cells: PayloadCells = createPayloadCells(identity.dimension, (label) => index.getPoint(label));
  const partitions: ValuePartitions = createValuePartitions(
    identity.dimension,
    { minItems: tuning.exactMax, maxShare: tuning.partitionMaxShare ?? DEFAULT_TUNING.partitionMaxShare },
    (label) => index.getPoint(label),
  );
  const withPayload = [...byId.values()].filter((e) => e.payload !== undefined).map((e) => e.label);
  const payloadOf = (label: number) => byId.get(idByLabel.get(label) ?? '')?.payload;
  // Reading a vector back costs tens of microseconds (hnswlib-node copies it element by element): at 100,000 items
  // that is seconds, so it runs in slices between other work, like the collections' own builds.
  const fillFromIndex = () => {
    const slice = (from: number) => {
      for (const label of withPayload.slice(from, from + CELL_BUILD_SLICE)) {
        const payload = payloadOf(label);
        if (payload) place(label, payload);
      }
      if (from + CELL_BUILD_SLICE < withPayload.length) setImmediate(() => slice(from + CELL_BUILD_SLICE)).unref();
      else cellsReady = true;
    };
    setImmediate(() => slice(0)).unref();
  };
  if (withPayload.length === 0) cellsReady = true;
  else if (savedCellsId === null) {
    cellsNote = 'no saved cells';
    fillFromIndex();
  } else {
    // Items upserted, retagged or removed meanwhile are placed again from the index once the saved cells are in.
    touched = new Set();
    const payloads = new Map(withPayload.map((label) => [label, payloadOf(label) as Payload]));
    let settle: () => void = () => {};
    restoring = new Promise((resolve) => (settle = resolve));
    readSavedCellsLater(dir, name, savedCellsId, identity.dimension, files.index, payloads, (restored) => {
      const changed = touched ?? new Set<number>();
      touched = undefined;
      restoring = undefined;
      settle();
      if (typeof restored === 'string') {
        cellsNote = restored;
        fillFromIndex();
        return;
      }
      cells.restore(restored);
      for (const label of withPayload) {
        const payload = payloadOf(label);
        if (payload && !changed.has(label)) partitions.track(label, payload);
      }
      for (const label of changed) place(label, payloadOf(label));
      cellsReady = true;
    });
  }

  const toHits = (labels: number[], distances: number[]): VectorHit[] => {
    const hits: VectorHit[] = [];
    labels.forEach((label, i) => {
      const id = idByLabel.get(label);
      if (id === undefined) return;
      hits.push({ id, score: 1 - (distances[i] as number), payload: byId.get(id)?.payload });
    });
    return hits;
  };

  // An item's place in the cells and partitions follows its payload; `point` is its vector (read back when not given).
  const place = (label: number, payload: Payload | undefined, point?: number[]) => {
    if (!payload) {
      touched?.add(label);
      cells.remove(label);
      partitions.remove(label);
      return;
    }
    touched?.add(label);
    const vector = point ?? index.getPoint(label);
    cells.add(label, vector, payload);
    partitions.add(label, vector, payload);
  };
  const filteredSearch = (query: number[], k: number, filter: PayloadFilter): VectorHit[] => {
    const parts = { index, cells, partitions, cellsReady, size: byId.size, payloadOf, minEf: MIN_EF };
    const { labels, distances, plan } = searchFiltered(parts, tuning, query, k, filter);
    lastPlan = plan;
    return toHits(labels, distances);
  };

  return {
    name,
    identity,
    loaded,
    loadNote,
    cellsNote: () => cellsNote,
    size: () => byId.size,
    versions: () => new Map([...byId].map(([id, entry]) => [id, entry.version])),
    ids: () => [...byId.keys()],
    upsert(items) {
      ensureCapacity(items.length);
      for (const item of items) {
        if (item.vector.length !== identity.dimension) {
          throw new Error(`${name}: vector of ${item.vector.length} dimensions, collection has ${identity.dimension}`);
        }
        const existing = byId.get(item.id);
        const label = existing?.label ?? nextLabel++;
        // Re-adding a live label replaces its vector in place; a new label may take over a deleted slot.
        const point = Array.from(item.vector);
        index.addPoint(point, label, existing === undefined);
        byId.set(item.id, { label, version: item.version, payload: item.payload, textHash: item.textHash });
        place(label, item.payload, point);
        idByLabel.set(label, item.id);
      }
    },
    retag(items) {
      for (const item of items) {
        const entry = byId.get(item.id);
        if (!entry) continue;
        const moved = JSON.stringify(entry.payload ?? null) !== JSON.stringify(item.payload ?? null);
        byId.set(item.id, { ...entry, version: item.version, payload: item.payload });
        if (moved) place(entry.label, item.payload);
      }
    },
    textHashOf: (id) => byId.get(id)?.textHash,
    remove(ids) {
      for (const id of ids) {
        const entry = byId.get(id);
        if (!entry) continue;
        index.markDelete(entry.label);
        place(entry.label, undefined);
        byId.delete(id);
        idByLabel.delete(entry.label);
      }
    },
    search(vector, k, filter) {
      const wanted = Math.min(k, byId.size);
      if (wanted <= 0) return [];
      const query = Array.from(vector);
      if (filter !== undefined && Object.keys(filter).length > 0) return filteredSearch(query, wanted, filter);
      index.setEf(Math.max(MIN_EF, wanted));
      const result = index.searchKnn(query, wanted);
      return toHits(result.neighbors, result.distances);
    },
    lastFilteredPlan: () => lastPlan,
    filterCellsReady: () => cellsReady,
    filterPartitions: () => partitions.list(),
    vectorOf(id) {
      const entry = byId.get(id);
      return entry ? Float32Array.from(index.getPoint(entry.label)) : undefined;
    },
    meta: () => ({ builtAt, buildMs, sourceFingerprint }),
    markBuilt(info) {
      ({ builtAt, buildMs, sourceFingerprint } = info);
    },
    async save() {
      await restoring;
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
      // Cells still filling after a start are not saved: the next start fills them again.
      const cellsId = cellsReady ? await writeSavedCells(dir, name, identity.dimension, cells.snapshot(), await digestFile(files.index), savedCellsId) : null;
      writeFileSync(`${files.meta}.tmp`, JSON.stringify({ ...meta, cells: cellsId }));
      renameSync(`${files.meta}.tmp`, files.meta);
      savedCellsId = cellsId;
      cells.markSaved();
      removeStaleCells(dir, name, cellsId);
    },
    fileBytes() {
      let total = savedCellsBytes(dir, name, savedCellsId);
      for (const file of [files.index, files.meta]) if (existsSync(file)) total += statSync(file).size;
      return total;
    },
  };
}
