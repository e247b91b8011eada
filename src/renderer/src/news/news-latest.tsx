import { useState } from 'react';
import { AsyncView } from '../components/async-view.js';
import { Pagination } from '../components/pagination.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { fromNewsRow } from './news-article.js';
import { NewsItem } from './news-item.js';

/** Every article, newest first, a page at a time (GET /api/news). */
export function NewsLatest() {
  const [limit, setLimit] = useState(25);
  const [offset, setOffset] = useState(0);
  const { state, reload } = useApiQuery({ path: '/api/news', query: { limit, offset } });
  const { t } = useI18n();
  return (
    <AsyncView state={state} what={t('news.what')} onRetry={reload} isEmpty={(page) => page.total === 0} empty={t('news.none')}>
      {(page) => (
        <>
          <ol className="news-list">
            {page.items.map((row) => (
              <NewsItem key={row.id} article={fromNewsRow(row)} />
            ))}
          </ol>
          <Pagination
            total={page.total}
            limit={limit}
            offset={offset}
            onOffset={setOffset}
            onLimit={(next) => {
              setLimit(Math.min(next, 100));
              setOffset(0);
            }}
          />
        </>
      )}
    </AsyncView>
  );
}
