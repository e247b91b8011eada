import type { TransceiverSortField } from '../../../shared/vocabulary/catalogue.vocabulary.js';
import { useDashboard } from '../state/dashboard.store.js';

interface SortableHeaderProps {
  field: TransceiverSortField;
  label: string;
  numeric?: boolean;
}

/** A column header that sorts by its field; a second click reverses the order. */
export function SortableHeader({ field, label, numeric }: SortableHeaderProps) {
  const sort = useDashboard((s) => s.transceiverQuery.sort);
  const order = useDashboard((s) => s.transceiverQuery.order);
  const update = useDashboard((s) => s.updateTransceiverQuery);
  const active = sort === field;
  const next = active && order === 'asc' ? 'desc' : 'asc';
  return (
    <th className={numeric ? 'num' : undefined} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" data-sort={field} onClick={() => update({ sort: field, order: next })}>
        {label}
        <span className="sort-mark" aria-hidden="true">
          {active ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
        </span>
      </button>
    </th>
  );
}
