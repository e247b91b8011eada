import { type TabId, TABS, useDashboard } from '../state/dashboard.store.js';

/** The product's tab names. Blog Engine arrives with the blog issue and is not listed until then. */
const TAB_LABELS: Record<TabId, string> = {
  overview: 'Overview',
  search: 'Semantic Search',
  hype: 'Hype Cycle',
  transceivers: 'Transceivers',
  news: 'News',
};

export function TabBar() {
  const tab = useDashboard((s) => s.tab);
  const setTab = useDashboard((s) => s.setTab);
  return (
    <nav className="tab-bar" role="tablist" aria-label="Dashboard sections">
      {TABS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`panel-${id}`}
          className={tab === id ? 'tab tab-active' : 'tab'}
          onClick={() => setTab(id)}
        >
          {TAB_LABELS[id]}
        </button>
      ))}
    </nav>
  );
}
