import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Language } from '../../../shared/vocabulary/language.vocabulary.js';
import type { SalesSection } from '../sales/sales-sections.js';
import { EMPTY_TRANSCEIVER_QUERY, type SearchRequest, type TransceiverQuery } from './queries.js';

export { EMPTY_TRANSCEIVER_QUERY, type SearchRequest, type TransceiverQuery } from './queries.js';

export const TABS = ['overview', 'sales', 'search', 'hype', 'transceivers', 'news', 'documents', 'blog'] as const;
export type TabId = (typeof TABS)[number];

export interface DashboardState {
  tab: TabId;
  /** The interface language: labels, messages, number and date formats, and the bilingual descriptions. */
  language: Language;
  /** The product open in the Transceivers tab (slug or id), or null for the table. */
  productId: string | null;
  transceiverQuery: TransceiverQuery;
  search: SearchRequest | null;
  newsQuery: string;
  /** The view open in the Sales tab. */
  salesSection: SalesSection;
  setTab(tab: TabId): void;
  setLanguage(language: Language): void;
  openProduct(id: string): void;
  closeProduct(): void;
  /** Changing a filter or the sort goes back to the first page; changing only the offset keeps the rest. */
  updateTransceiverQuery(change: Partial<TransceiverQuery>): void;
  setSearch(search: SearchRequest | null): void;
  setNewsQuery(q: string): void;
  setSalesSection(section: SalesSection): void;
  /** The switch text typed in the Sales tab's finder, kept while a product opened from it is read. */
  finderSwitch: string;
  setFinderSwitch(text: string): void;
}

export type DashboardStore = StoreApi<DashboardState>;

/** One store per mounted dashboard (created by the App), so nothing lives at module level. */
export function createDashboardStore(initial: { language: Language; tab?: TabId }): DashboardStore {
  return createStore<DashboardState>()((set) => ({
    tab: initial.tab ?? 'overview',
    language: initial.language,
    productId: null,
    transceiverQuery: EMPTY_TRANSCEIVER_QUERY,
    search: null,
    newsQuery: '',
    salesSection: 'finder',
    setSearch: (search) => set({ search }),
    setNewsQuery: (newsQuery) => set({ newsQuery }),
    setSalesSection: (salesSection) => set({ salesSection }),
    setTab: (tab) => set({ tab }),
    setLanguage: (language) => set({ language }),
    openProduct: (id) => set({ tab: 'transceivers', productId: id }),
    closeProduct: () => set({ productId: null }),
    updateTransceiverQuery: (change) =>
      set((state) => {
        const pageOnly = Object.keys(change).every((key) => key === 'offset');
        return { transceiverQuery: { ...state.transceiverQuery, ...(pageOnly ? {} : { offset: 0 }), ...change } };
      }),
    finderSwitch: '',
    setFinderSwitch: (finderSwitch) => set({ finderSwitch }),
  }));
}

export const DashboardStoreContext = createContext<DashboardStore | null>(null);

export function useDashboard<T>(selector: (state: DashboardState) => T): T {
  const store = useContext(DashboardStoreContext);
  if (store === null) throw new Error('useDashboard outside DashboardStoreContext');
  return useStore(store, selector);
}
