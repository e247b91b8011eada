import { type FormEvent, useState } from 'react';
import { SEARCH_QUERY_MAX_CHARS } from '../../../shared/vocabulary/search.vocabulary.js';
import { Card } from '../components/card.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { NewsLatest } from './news-latest.js';
import { NewsResults } from './news-results.js';

export function NewsTab() {
  const newsQuery = useDashboard((s) => s.newsQuery);
  const setNewsQuery = useDashboard((s) => s.setNewsQuery);
  const [draft, setDraft] = useState(newsQuery);
  const { t } = useI18n();

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
            aria-label={t('news.searchLabel')}
            placeholder={t('news.placeholder')}
            maxLength={SEARCH_QUERY_MAX_CHARS}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button-primary">
            {t('search.submit')}
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
              {t('news.showAll')}
            </button>
          )}
        </div>
      </form>
      <Card title={newsQuery === '' ? t('news.latest') : t('news.about', { query: newsQuery })} wide testId="news-list">
        {newsQuery === '' ? <NewsLatest /> : <NewsResults query={newsQuery} />}
      </Card>
    </div>
  );
}
