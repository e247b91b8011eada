import type { Formatters } from '../format/format.utils.js';
import { useI18n } from '../i18n/use-i18n.js';
import type { NewsArticle } from './news-article.js';

/** Some articles carry only a month ("2025-06"): show that, not an invented first of the month. */
function formatPublished(value: string, format: Formatters): string {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  return month ? format.month(Number(month[1]), Number(month[2])) : format.date(value);
}

export function NewsItem({ article }: { article: NewsArticle }) {
  const { t, format } = useI18n();
  return (
    <li className="news-item" data-published={article.published_at}>
      <div className="news-meta">
        <time dateTime={article.published_at}>{formatPublished(article.published_at, format)}</time>
        <span className="muted">{article.source}</span>
        {article.score !== undefined && <span className="score muted">{t('news.relevance', { score: format.number(article.score, 3) })}</span>}
      </div>
      <h3>
        {article.url !== null ? (
          <a href={article.url} target="_blank" rel="noopener noreferrer">
            {article.title}
          </a>
        ) : (
          article.title
        )}
      </h3>
      <p>{article.summary}</p>
      {article.tags.length > 0 && (
        <p className="tags">
          {article.tags.map((tag) => (
            <span key={tag} className="tag">
              #{tag}
            </span>
          ))}
        </p>
      )}
    </li>
  );
}
