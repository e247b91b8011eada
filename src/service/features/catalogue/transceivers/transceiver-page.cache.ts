import { createRevisionScopedMap, type RevisionScopedMap } from '../common/revision-scoped-map.js';
import type { ConnectionSlot } from '../../../db/database.js';

/** Pages one connection keeps: the most recently asked (each at most 500 rowids, so a few hundred KB in all). */
const MAX_PAGES = 256;

/** One page of a list without text: how many rows match its filters, and the rowids of the page, in order. */
export interface KeptPage {
  total: number;
  rowids: readonly number[];
}

/**
 * Pages of the list without a text query (filters, sort, limit, offset), each valid only at the transceivers' revision
 * (migrations/017_transceiver_list_revision.sql) it was read under: the filters and the sort read transceivers' own
 * columns only, which every write raises the revision for, so a page asked again at the same revision has the same
 * total and rowids. A read at another revision empties it first. The rows themselves are the row cache's business.
 */
export type PageCache = RevisionScopedMap<string, KeptPage>;

export const PAGE_CACHE: ConnectionSlot<PageCache> = {
  // Most recently used last, so the first entry is the one to drop.
  create: () => createRevisionScopedMap<string, KeptPage>(MAX_PAGES, true),
};
