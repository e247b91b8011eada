import { formatNumber } from '../format/format.utils.js';

interface PaginationProps {
  total: number;
  limit: number;
  offset: number;
  onOffset(offset: number): void;
  onLimit(limit: number): void;
}

const PAGE_SIZES = [25, 50, 100, 200];

export function Pagination({ total, limit, offset, onOffset, onLimit }: PaginationProps) {
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(total, offset + limit);
  return (
    <div className="pagination" data-testid="pagination">
      <span className="muted">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </span>
      <button type="button" className="button-secondary" disabled={page <= 1} onClick={() => onOffset(Math.max(0, offset - limit))}>
        ‹ Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="button-secondary" disabled={page >= pages} onClick={() => onOffset(offset + limit)}>
        Next ›
      </button>
      <label className="inline-label">
        Rows
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
