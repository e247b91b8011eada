import { AsyncView } from '../components/async-view.js';
import { formatNumber } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';
import type { SearchRequest } from '../state/dashboard.store.js';
import { SearchHitCard } from './search-hit-card.js';
import { searchEndpoint } from './search-request.js';

export function SearchResults({ request }: { request: SearchRequest }) {
  const { state, reload } = useApiQuery(searchEndpoint(request));
  return (
    <AsyncView
      state={state}
      what="search results"
      onRetry={reload}
      isEmpty={(r) => r.hits.length === 0}
      empty={`Nothing found for "${request.q}". Try other words or fewer filters.`}
    >
      {(result) => (
        <section className="stack" data-testid="search-results">
          <p className="muted">
            {result.hits.length} results in {formatNumber(result.took_ms, 0)} ms ({result.provider} / {result.model})
          </p>
          {!result.index_complete && (
            <p className="banner banner-warn" role="status">
              {result.notice ?? `The index of ${result.incomplete_collections.join(', ')} is still being built; results come from what is indexed so far.`}
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
