import { useState } from 'react';
import type { Page } from '../api/catalogue.types.js';
import { AsyncView } from '../components/async-view.js';
import { Pagination } from '../components/pagination.js';
import { useApi } from '../hooks/use-api.js';
import { fromNewsRow, type NewsRow } from './news-article.js';
import { NewsItem } from './news-item.js';

/** Every article, newest first, a page at a time (GET /api/news). */
export function NewsLatest() {
  const [limit, setLimit] = useState(25);
  const [offset, setOffset] = useState(0);
  const { state, reload } = useApi<Page<NewsRow>>('/api/news', { limit, offset });
  return (
    <AsyncView state={state} what="news" onRetry={reload} isEmpty={(page) => page.total === 0} empty="No news articles yet.">
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
