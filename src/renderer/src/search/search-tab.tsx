import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { SearchForm } from './search-form.js';
import { SearchResults } from './search-results.js';

export function SearchTab() {
  const search = useDashboard((s) => s.search);
  const { t } = useI18n();
  return (
    <div className="stack" data-testid="search">
      <SearchForm />
      {search === null ? <p className="state state-empty">{t('search.intro')}</p> : <SearchResults request={search} />}
    </div>
  );
}
