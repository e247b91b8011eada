import { formatDate, formatNumber } from '../format/format.utils.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Some articles carry only a month ("2025-06"): show that, not an invented first of the month. */
function formatPublished(value: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  return month ? `${MONTHS[Number(month[2]) - 1] ?? month[2]} ${month[1]}` : formatDate(value);
}
import type { NewsArticle } from './news-article.js';

export function NewsItem({ article }: { article: NewsArticle }) {
  return (
    <li className="news-item" data-published={article.published_at}>
      <div className="news-meta">
        <time dateTime={article.published_at}>{formatPublished(article.published_at)}</time>
        <span className="muted">{article.source}</span>
        {article.score !== undefined && <span className="score muted">relevance {formatNumber(article.score, 3)}</span>}
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
