import { useI18n } from '../i18n/use-i18n.js';

interface PaginationProps {
  total: number;
  limit: number;
  offset: number;
  onOffset(offset: number): void;
  onLimit(limit: number): void;
}

const PAGE_SIZES = [25, 50, 100, 200];

export function Pagination({ total, limit, offset, onOffset, onLimit }: PaginationProps) {
  const { t, format } = useI18n();
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(total, offset + limit);
  return (
    <div className="pagination" data-testid="pagination">
      <span className="muted">{t('pagination.range', { first: format.number(first), last: format.number(last), total: format.number(total) })}</span>
      <button type="button" className="button-secondary" disabled={page <= 1} onClick={() => onOffset(Math.max(0, offset - limit))}>
        {t('pagination.previous')}
      </button>
      <span>{t('pagination.page', { page: format.number(page), pages: format.number(pages) })}</span>
      <button type="button" className="button-secondary" disabled={page >= pages} onClick={() => onOffset(offset + limit)}>
        {t('pagination.next')}
      </button>
      <label className="inline-label">
        {t('pagination.rows')}
        <select value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
