import { useDashboard } from '../state/dashboard.store.js';
import { SearchForm } from './search-form.js';
import { SearchResults } from './search-results.js';

export function SearchTab() {
  const search = useDashboard((s) => s.search);
  return (
    <div className="stack" data-testid="search">
      <SearchForm />
      {search === null ? (
        <p className="state state-empty">
          Search the catalogue, datasheets, FAQ, troubleshooting guides and news in one go. Results are ranked by meaning, not only by matching words.
        </p>
      ) : (
        <SearchResults request={search} />
      )}
    </div>
  );
}
