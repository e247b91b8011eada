import { AsyncView } from '../components/async-view.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import type { SearchRequest } from '../state/dashboard.store.js';
import { collectionLabel } from './collection-labels.js';
import { SearchHitCard } from './search-hit-card.js';
import { searchEndpoint } from './search-request.js';

export function SearchResults({ request }: { request: SearchRequest }) {
  const { state, reload } = useApiQuery(searchEndpoint(request));
  const { t, format } = useI18n();
  return (
    <AsyncView state={state} what={t('search.what')} onRetry={reload} isEmpty={(r) => r.hits.length === 0} empty={t('search.nothing', { query: request.q })}>
      {(result) => (
        <section className="stack" data-testid="search-results">
          <p className="muted">
            {t('search.summary', { count: result.hits.length, ms: format.number(result.took_ms, 0), provider: result.provider, model: result.model })}
          </p>
          {!result.index_complete && (
            <p className="banner banner-warn" role="status">
              {t('search.incomplete', { collections: result.incomplete_collections.map((c) => collectionLabel(c, t)).join(', ') })}
            </p>
          )}
          <ol className="hit-list">
            {result.hits.map((hit) => (
              <SearchHitCard key={`${hit.collection}:${hit.id}`} hit={hit} />
            ))}
          </ol>
        </section>
      )}
    </AsyncView>
  );
}
