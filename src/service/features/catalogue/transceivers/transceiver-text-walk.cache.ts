import { createRevisionScopedMap, type RevisionScopedMap } from '../common/revision-scoped-map.js';
import type { ConnectionSlot } from '../../../db/database.js';
import type { RowidList } from './transceiver-list.cache.js';

/**
 * What the first read of a broad text query walks instead of SQLite (transceiver-text-walk.repository.ts): the text
 * the query `q` reads of every row, lowered as SQLite's lower() lowers it, and the catalogue's sort orders as positions
 * into it. Everything here is valid at one revision of the list (migrations/017_transceiver_list_revision.sql) only.
 */
export interface TextWalkIndex {
  revision: number;
  /** Ascending rowids; position i holds the row whose text is texts[i]. */
  rowids: RowidList;
  /** lower(part_number), lower(name), lower(form_factor) and lower(standard), joined by a line break (no query word holds one). */
  texts: string[];
  /** Positions in the list's order, by sort key (sort field and direction), made on first use. */
  orders: Map<string, Int32Array>;
}

/**
 * One connection's walk index. A reader asks with the revision of its own read transaction; a write by anyone (this
 * process or another on the same file) raises the revision, and the next reader replaces the index whole.
 */
export interface TextWalkSlot {
  at(revision: number): TextWalkIndex | undefined;
  keep(index: TextWalkIndex): void;
}

export const TEXT_WALK: ConnectionSlot<TextWalkSlot> = {
  create() {
    let current: TextWalkIndex | undefined;
    return {
      at(revision) {
        if (current !== undefined && current.revision !== revision) current = undefined;
        return current;
      },
      keep(index) {
        current = index;
      },
    };
  },
};

/** The first matches, in the list's order, that a bounded answer found (as many as its walk needed), and its bound. */
export interface BoundedMatches {
  rowids: RowidList;
  bound: number;
}

export type BoundedMatchesSlot = RevisionScopedMap<string, BoundedMatches>;

/** Recent broad queries per connection: each keeps a page's worth to a thousand-odd rowids, so 64 stay small. */
const MAX_BOUNDED = 64;

/**
 * What a bounded first read found, so that the same query again (a salesperson returning to a search, a client
 * polling it) answers from memory while the revision stands, as a query counted exactly does from the match cache.
 * A query asking past what was found walks again.
 */
export const BOUNDED_MATCHES: ConnectionSlot<BoundedMatchesSlot> = {
  create: () => createRevisionScopedMap<string, BoundedMatches>(MAX_BOUNDED, true),
};
