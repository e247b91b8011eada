import { type FormEvent, useState } from 'react';
import { SEARCH_QUERY_MAX_CHARS } from '../../../shared/vocabulary/search.vocabulary.js';
import { Card } from '../components/card.js';
import { useDashboard } from '../state/dashboard.store.js';
import { NewsLatest } from './news-latest.js';
import { NewsResults } from './news-results.js';

export function NewsTab() {
  const newsQuery = useDashboard((s) => s.newsQuery);
  const setNewsQuery = useDashboard((s) => s.setNewsQuery);
  const [draft, setDraft] = useState(newsQuery);

  function submit(event: FormEvent) {
    event.preventDefault();
    setNewsQuery(draft.trim());
  }

  return (
    <div className="stack" data-testid="news">
      <form className="card search-form" role="search" onSubmit={submit}>
        <div className="search-box">
          <input
            type="search"
            name="news-q"
            aria-label="Search the news"
            placeholder="Search the news, e.g. 800G standard approval"
            maxLength={SEARCH_QUERY_MAX_CHARS}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button-primary">
            Search
          </button>
          {newsQuery !== '' && (
            <button
              type="button"
              className="button-secondary"
              onClick={() => {
                setDraft('');
                setNewsQuery('');
              }}
            >
              Show all
            </button>
          )}
        </div>
      </form>
      <Card title={newsQuery === '' ? 'Latest news' : `News about "${newsQuery}"`} wide testId="news-list">
        {newsQuery === '' ? <NewsLatest /> : <NewsResults query={newsQuery} />}
      </Card>
    </div>
  );
}
