import { createRevisionScopedMap, type RevisionScopedMap } from '../common/revision-scoped-map.js';
import type { ConnectionSlot } from '../../../db/database.js';

/** The rowids of one query's matches, in the list's order; Int32Array while every rowid fits (half the memory). */
export type RowidList = Int32Array | Float64Array;

/** Bounds of one connection's cache: the most recently used queries, and all their rowids together (about 8-16 MB). */
const MAX_QUERIES = 64;
const MAX_ROWIDS = 2_000_000;

interface Entry {
  revision: number;
  rowids: RowidList;
}

/**
 * The ordered matches of recent text queries of the catalogue list, each valid only at the transceivers' revision
 * (migrations/017_transceiver_list_revision.sql) it was computed under. The rows themselves are always read fresh; only
 * which rows match, and their order, is kept, and a reader asks with the revision of its own read transaction, so a
 * write by anyone (this process or another one on the same file) makes every older entry unusable.
 */
export interface MatchCache {
  get(key: string, revision: number): RowidList | undefined;
  set(key: string, revision: number, rowids: RowidList): void;
}

export function toRowidList(rowids: number[]): RowidList {
  return rowids.every((id) => id <= 0x7fffffff) ? Int32Array.from(rowids) : Float64Array.from(rowids);
}

export const MATCH_CACHE: ConnectionSlot<MatchCache> = {
  create() {
    const entries = new Map<string, Entry>();
    let rowidCount = 0;
    const drop = (key: string) => {
      const entry = entries.get(key);
      if (entry === undefined) return;
      rowidCount -= entry.rowids.length;
      entries.delete(key);
    };
    return {
      get(key, revision) {
        const entry = entries.get(key);
        if (entry === undefined) return undefined;
        if (entry.revision !== revision) {
          drop(key);
          return undefined;
        }
        // Most recently used last, so the first entry is the one to drop.
        entries.delete(key);
        entries.set(key, entry);
        return entry.rowids;
      },
      set(key, revision, rowids) {
        drop(key);
        if (rowids.length > MAX_ROWIDS) return;
        while (entries.size >= MAX_QUERIES || rowidCount + rowids.length > MAX_ROWIDS) drop(entries.keys().next().value!);
        entries.set(key, { revision, rowids });
        rowidCount += rowids.length;
      },
    };
  },
};

/** Rows kept per connection: a hundred pages of 50, about 10 MB (a row with its strings takes about 2 KB). */
const MAX_ROWS = 5_000;

/**
 * Rows of the list read at one revision, by rowid: turning a page of stored rows into JavaScript values costs more
 * than everything else SQLite does for the page. A read at another revision empties it first, so a kept row is never
 * older than the snapshot that asks for it. The rows are shared between answers: nobody may change one.
 */
export type RowCache<Row> = RevisionScopedMap<number, Row>;

export const ROW_CACHE: ConnectionSlot<RowCache<unknown>> = {
  // The oldest kept row goes first: pages read recently stay.
  create: () => createRevisionScopedMap<number, unknown>(MAX_ROWS, false),
};
