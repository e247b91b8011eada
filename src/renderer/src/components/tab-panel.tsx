import { BlogTab } from '../blog/blog-tab.js';
import { DocumentsTab } from '../documents/documents-tab.js';
import { HypeCycleTab } from '../hype/hype-cycle-tab.js';
import { NewsTab } from '../news/news-tab.js';
import { OverviewTab } from '../overview/overview-tab.js';
import { SalesTab } from '../sales/sales-tab.js';
import { SearchTab } from '../search/search-tab.js';
import { useDashboard } from '../state/dashboard.store.js';
import { TransceiversTab } from '../transceivers/transceivers-tab.js';

/** Only the active tab is mounted: each loads its data when shown, and the store keeps what must survive. */
export function TabPanel() {
  const tab = useDashboard((s) => s.tab);
  return (
    <main className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
      {tab === 'overview' && <OverviewTab />}
      {tab === 'sales' && <SalesTab />}
      {tab === 'search' && <SearchTab />}
      {tab === 'hype' && <HypeCycleTab />}
      {tab === 'transceivers' && <TransceiversTab />}
      {tab === 'news' && <NewsTab />}
      {tab === 'documents' && <DocumentsTab />}
      {tab === 'blog' && <BlogTab />}
    </main>
  );
}
