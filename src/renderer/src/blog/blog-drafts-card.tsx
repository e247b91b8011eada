import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { Pagination } from '../components/pagination.js';
import { usePaging } from '../hooks/use-paging.js';
import { useI18n } from '../i18n/use-i18n.js';

/** The drafts, newest first; choosing one opens it below. */
export function BlogDraftsCard({ selected, onSelect }: { selected: string | null; onSelect(id: string): void }) {
  const { t, format } = useI18n();
  const { paging, pagination } = usePaging(10);
  const { state, reload } = useApiQuery({ path: '/api/blog', query: paging });
  return (
    <Card title={t('blog.draftsTitle')} testId="blog-drafts">
      <AsyncView state={state} what={t('blog.draftsWhat')} onRetry={reload} isEmpty={(page) => page.items.length === 0} empty={t('blog.noDrafts')}>
        {(page) => (
          <>
            <ul className="news-list" data-testid="blog-draft-list">
              {page.items.map((d) => (
                <li key={d.id} data-id={d.id}>
                  <button type="button" className="link-button" aria-pressed={selected === d.id} onClick={() => onSelect(d.id)}>
                    {d.title}
                  </button>
                  <p className="news-meta">
                    <span>{t(`blog.status.${d.status}`)}</span>
                    <span>{t(`blog.pipeline.${d.pipeline.state}`)}</span>
                    <span>{d.is_template ? t('blog.template') : t('blog.words', { words: format.number(d.word_count) })}</span>
                    <span>{format.dateTime(d.created_at)}</span>
                  </p>
                </li>
              ))}
            </ul>
            <Pagination {...pagination(page.total)} />
          </>
        )}
      </AsyncView>
    </Card>
  );
}
