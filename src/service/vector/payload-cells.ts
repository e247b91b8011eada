import hnswlib from 'hnswlib-node';
import type { Payload } from './vector-collection.js';

/**
 * A payload filter: every key must equal its value; strings compare without regard to case (a product's
 * form_factor "QSFP28" matches "qsfp28"), numbers exactly. An item without the key never matches.
 */
export type PayloadFilter = Readonly<Record<string, string | number>>;

export type Normalised = string | number | null;

function normalise(value: string | number | null | undefined): Normalised {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value.toLowerCase() : value;
}

export function payloadMatches(payload: Payload | undefined, filter: PayloadFilter): boolean {
  if (payload === undefined) return false;
  for (const [key, wanted] of Object.entries(filter)) {
    const value = normalise(payload[key]);
    if (value === null || value !== normalise(wanted)) return false;
  }
  return true;
}

interface Cell {
  readonly values: Readonly<Record<string, Normalised>>;
  index: hnswlib.BruteforceSearch;
  capacity: number;
  readonly labels: Set<number>;
  /** Changed since the last snapshot: a save writes this cell again instead of linking the previous file. */
  changed: boolean;
}

/** A cell as saved and restored (saved-cells.ts): its payload values, its brute-force index and the labels in it. */
export interface CellSnapshot {
  readonly values: Readonly<Record<string, Normalised>>;
  readonly index: hnswlib.BruteforceSearch;
  readonly labels: readonly number[];
  readonly changed: boolean;
}

/** The normalised values of a payload and the key of its cell, the same for every payload that lands in one cell. */
export function cellValues(payload: Payload): Record<string, Normalised> {
  return Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, normalise(value)]));
}
export function cellKey(values: Readonly<Record<string, Normalised>>): string {
  return JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface CellHit {
  label: number;
  distance: number;
}

/**
 * The items of a collection grouped by their whole payload (one cell per distinct combination of form factor,
 * speed, fiber and WDM type), each cell an exact (brute-force, native SIMD) index of its vectors. Every item is in
 * exactly one cell, so the cells hold one copy of the vectors, whatever the number of payload keys; a filter on any
 * keys is the union of the cells whose values agree, and scoring those cells is an exact filtered search whose cost
 * grows with the matching items, not with the collection.
 */
export interface PayloadCells {
  add(label: number, vector: number[], payload: Payload): void;
  remove(label: number): void;
  /** How many items the filter passes (sums the sizes of the matching cells). */
  count(filter: PayloadFilter): number;
  /** The k nearest items that pass the filter, exactly (cosine distance, ascending). */
  search(query: number[], k: number, filter: PayloadFilter): CellHit[];
  size(): number;
  /** Every non-empty cell, for a save, each saying whether it changed since the last markSaved(). */
  snapshot(): CellSnapshot[];
  /** The snapshot was saved: every cell counts as unchanged until its next add or remove. */
  markSaved(): void;
  /** Takes over cells read back from a save, in place of any it holds (a collection that has just been opened). */
  restore(saved: CellSnapshot[]): void;
}

const MIN_CELL_CAPACITY = 64;

/** `pointOf` reads a stored vector back (from the collection's hnsw index) when a full cell moves to a larger one. */
export function createPayloadCells(dimension: number, pointOf: (label: number) => number[]): PayloadCells {
  const cells = new Map<string, Cell>();
  const cellOfLabel = new Map<number, Cell>();

  const newIndex = (capacity: number) => {
    const index = new hnswlib.BruteforceSearch('cosine', dimension);
    index.initIndex(capacity);
    return index;
  };
  // BruteforceSearch cannot grow: a full cell is copied into one of twice the size (amortised: one copy per item).
  const grow = (cell: Cell) => {
    const capacity = cell.capacity * 2;
    const index = newIndex(capacity);
    for (const label of cell.labels) index.addPoint(pointOf(label), label);
    cell.index = index;
    cell.capacity = capacity;
    cell.changed = true;
  };
  const matching = (filter: PayloadFilter) => {
    const wanted = Object.entries(filter).map(([key, value]) => [key, normalise(value)] as const);
    return [...cells.values()].filter((cell) => cell.labels.size > 0 && wanted.every(([key, value]) => value !== null && cell.values[key] === value));
  };

  const remove = (label: number) => {
    const cell = cellOfLabel.get(label);
    if (!cell) return;
    cell.index.removePoint(label);
    cell.labels.delete(label);
    cell.changed = true;
    cellOfLabel.delete(label);
  };

  return {
    add(label, vector, payload) {
      remove(label);
      const values = cellValues(payload);
      const key = cellKey(values);
      let cell = cells.get(key);
      if (!cell) {
        cell = { values, index: newIndex(MIN_CELL_CAPACITY), capacity: MIN_CELL_CAPACITY, labels: new Set(), changed: true };
        cells.set(key, cell);
      }
      if (cell.labels.size >= cell.capacity) grow(cell);
      cell.index.addPoint(vector, label);
      cell.labels.add(label);
      cell.changed = true;
      cellOfLabel.set(label, cell);
    },
    remove,
    count: (filter) => matching(filter).reduce((n, cell) => n + cell.labels.size, 0),
    search(query, k, filter) {
      const hits: CellHit[] = [];
      for (const cell of matching(filter)) {
        const result = cell.index.searchKnn(query, Math.min(k, cell.labels.size));
        result.neighbors.forEach((label, i) => hits.push({ label, distance: result.distances[i] as number }));
      }
      return hits.sort((a, b) => a.distance - b.distance).slice(0, k);
    },
    size: () => cellOfLabel.size,
    snapshot: () =>
      [...cells.values()]
        .filter((cell) => cell.labels.size > 0)
        .map((cell) => ({ values: cell.values, index: cell.index, labels: [...cell.labels], changed: cell.changed })),
    markSaved() {
      for (const cell of cells.values()) cell.changed = false;
    },
    restore(saved) {
      cells.clear();
      cellOfLabel.clear();
      for (const s of saved) {
        const cell: Cell = { values: s.values, index: s.index, capacity: s.index.getMaxElements(), labels: new Set(s.labels), changed: false };
        cells.set(cellKey(s.values), cell);
        for (const label of s.labels) cellOfLabel.set(label, cell);
      }
    },
  };
}
