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
export interface PageCache {
  get(key: string, revision: number): KeptPage | undefined;
  set(key: string, revision: number, page: KeptPage): void;
}

export const PAGE_CACHE: ConnectionSlot<PageCache> = {
  create() {
    const pages = new Map<string, KeptPage>();
    let at = -1;
    const align = (revision: number) => {
      if (revision === at) return;
      pages.clear();
      at = revision;
    };
    return {
      get(key, revision) {
        align(revision);
        const page = pages.get(key);
        if (page === undefined) return undefined;
        // Most recently used last, so the first entry is the one to drop.
        pages.delete(key);
        pages.set(key, page);
        return page;
      },
      set(key, revision, page) {
        align(revision);
        pages.delete(key);
        if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
        pages.set(key, page);
      },
    };
  },
};
