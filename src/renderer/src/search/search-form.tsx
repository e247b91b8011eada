import { type FormEvent, useState } from 'react';
import { COLLECTIONS, SEARCH_QUERY_MAX_CHARS } from '../../../shared/vocabulary/search.vocabulary.js';
import { SelectField } from '../components/select-field.js';
import { useFormFactorOptions } from '../hooks/use-reference-options.js';
import { type SearchRequest, useDashboard } from '../state/dashboard.store.js';
import { FIBER_OPTIONS, SPEED_OPTIONS, wdmOptions } from '../transceivers/filter-options.js';
import { useI18n } from '../i18n/use-i18n.js';
import { collectionLabel } from './collection-labels.js';

const EMPTY: SearchRequest = { q: '', collection: '', form_factor: '', speed_gbps: '', fiber_type: '', wdm_type: '' };

/** One box across the collections; the product filters narrow product hits (and then search products only). */
export function SearchForm() {
  const current = useDashboard((s) => s.search);
  const setSearch = useDashboard((s) => s.setSearch);
  const [draft, setDraft] = useState<SearchRequest>(current ?? EMPTY);
  const formFactors = useFormFactorOptions();
  const { t } = useI18n();
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
          aria-label={t('search.textLabel')}
          placeholder={t('search.placeholder')}
          maxLength={SEARCH_QUERY_MAX_CHARS}
          value={draft.q}
          onChange={(e) => change({ q: e.target.value })}
          autoFocus
        />
        <button type="submit" className="button-primary" disabled={draft.q.trim() === ''}>
          {t('search.submit')}
        </button>
      </div>
      <div className="filters">
        <SelectField
          label={t('search.collection')}
          name="collection"
          value={draft.collection}
          options={COLLECTIONS.map((c) => [c, collectionLabel(c, t)])}
          onChange={(v) => change({ collection: v })}
        />
        <SelectField
          label={t('field.formFactor')}
          name="form_factor"
          value={draft.form_factor}
          options={formFactors}
          onChange={(v) => change({ form_factor: v })}
        />
        <SelectField label={t('field.speed')} name="speed_gbps" value={draft.speed_gbps} options={SPEED_OPTIONS} onChange={(v) => change({ speed_gbps: v })} />
        <SelectField label={t('field.fiber')} name="fiber_type" value={draft.fiber_type} options={FIBER_OPTIONS} onChange={(v) => change({ fiber_type: v })} />
        <SelectField label={t('field.wdm')} name="wdm_type" value={draft.wdm_type} options={wdmOptions(t)} onChange={(v) => change({ wdm_type: v })} />
      </div>
    </form>
  );
}
