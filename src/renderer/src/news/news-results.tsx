import { AsyncView } from '../components/async-view.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { newestFirst, toArticle } from './news-article.js';
import { NewsItem } from './news-item.js';

/** The service caps a search at 50 hits; the seed holds 33 articles. */
const NEWS_LIMIT = 50;

/** The articles a semantic search finds (GET /search/news), newest first. */
export function NewsResults({ query }: { query: string }) {
  const { state, reload } = useApiQuery(query === '' ? null : { path: '/search/news', query: { q: query, limit: NEWS_LIMIT } });
  const { t } = useI18n();
  return (
    <AsyncView state={state} what={t('news.what')} onRetry={reload} isEmpty={(r) => r.hits.length === 0} empty={t('news.notFound', { query })}>
      {(result) => (
        <ol className="news-list">
          {newestFirst(result.hits.map(toArticle)).map((article) => (
            <NewsItem key={article.id} article={article} />
          ))}
        </ol>
      )}
    </AsyncView>
  );
}
