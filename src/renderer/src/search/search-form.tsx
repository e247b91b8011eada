import { type FormEvent, useState } from 'react';
import { COLLECTIONS, SEARCH_QUERY_MAX_CHARS } from '../../../shared/vocabulary/search.vocabulary.js';
import { SelectField } from '../components/select-field.js';
import { useFormFactorOptions } from '../hooks/use-reference-options.js';
import { type SearchRequest, useDashboard } from '../state/dashboard.store.js';
import { FIBER_OPTIONS, SPEED_OPTIONS, WDM_OPTIONS } from '../transceivers/filter-options.js';
import { COLLECTION_LABELS } from './collection-labels.js';

const EMPTY: SearchRequest = { q: '', collection: '', form_factor: '', speed_gbps: '', fiber_type: '', wdm_type: '' };

/** One box across the collections; the product filters narrow product hits (and then search products only). */
export function SearchForm() {
  const current = useDashboard((s) => s.search);
  const setSearch = useDashboard((s) => s.setSearch);
  const [draft, setDraft] = useState<SearchRequest>(current ?? EMPTY);
  const formFactors = useFormFactorOptions();
  const change = (part: Partial<SearchRequest>) => setDraft((d) => ({ ...d, ...part }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.q.trim() !== '') setSearch({ ...draft, q: draft.q.trim() });
  }

  return (
    <form className="card search-form" onSubmit={submit} role="search" data-testid="search-form">
      <div className="search-box">
        <input
          type="search"
          name="q"
          aria-label="Search text"
          placeholder="e.g. 100G single-mode 10 km, or: link flaps on a QSFP28 port"
          maxLength={SEARCH_QUERY_MAX_CHARS}
          value={draft.q}
          onChange={(e) => change({ q: e.target.value })}
          autoFocus
        />
        <button type="submit" className="button-primary" disabled={draft.q.trim() === ''}>
          Search
        </button>
      </div>
      <div className="filters">
        <SelectField
          label="Collection"
          name="collection"
          value={draft.collection}
          options={COLLECTIONS.map((c) => [c, COLLECTION_LABELS[c]])}
          onChange={(v) => change({ collection: v })}
        />
        <SelectField label="Form factor" name="form_factor" value={draft.form_factor} options={formFactors} onChange={(v) => change({ form_factor: v })} />
        <SelectField label="Speed" name="speed_gbps" value={draft.speed_gbps} options={SPEED_OPTIONS} onChange={(v) => change({ speed_gbps: v })} />
        <SelectField label="Fiber" name="fiber_type" value={draft.fiber_type} options={FIBER_OPTIONS} onChange={(v) => change({ fiber_type: v })} />
        <SelectField label="WDM" name="wdm_type" value={draft.wdm_type} options={WDM_OPTIONS} onChange={(v) => change({ wdm_type: v })} />
      </div>
    </form>
  );
}
