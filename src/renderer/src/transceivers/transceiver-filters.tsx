import { useEffect, useState } from 'react';
import { SelectField } from '../components/select-field.js';
import { useDebounced } from '../hooks/use-debounced.js';
import { useFormFactorOptions, useVendorOptions } from '../hooks/use-reference-options.js';
import { EMPTY_TRANSCEIVER_QUERY, useDashboard } from '../state/dashboard.store.js';
import { useI18n } from '../i18n/use-i18n.js';
import { confidenceOptions, FIBER_OPTIONS, SPEED_OPTIONS, wdmOptions } from './filter-options.js';

export function TransceiverFilters() {
  const query = useDashboard((s) => s.transceiverQuery);
  const update = useDashboard((s) => s.updateTransceiverQuery);
  const formFactors = useFormFactorOptions();
  const vendors = useVendorOptions();
  const { t } = useI18n();
  const [text, setText] = useState(query.q);
  const settled = useDebounced(text, 300);

  useEffect(() => {
    if (settled !== query.q) update({ q: settled });
    // Only the settled text drives the store; query.q changing from elsewhere (reset) is mirrored below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <form className="filters" data-testid="transceiver-filters" onSubmit={(e) => e.preventDefault()}>
      <label className="field field-grow">
        <span>{t('filter.text')}</span>
        <input type="search" name="q" placeholder={t('filter.textPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <SelectField
        label={t('field.formFactor')}
        name="form_factor"
        value={query.form_factor}
        options={formFactors}
        onChange={(v) => update({ form_factor: v })}
      />
      <SelectField label={t('field.speed')} name="speed_gbps" value={query.speed_gbps} options={SPEED_OPTIONS} onChange={(v) => update({ speed_gbps: v })} />
      <SelectField label={t('field.fiber')} name="fiber_type" value={query.fiber_type} options={FIBER_OPTIONS} onChange={(v) => update({ fiber_type: v })} />
      <SelectField label={t('field.wdm')} name="wdm_type" value={query.wdm_type} options={wdmOptions(t)} onChange={(v) => update({ wdm_type: v })} />
      <SelectField label={t('field.vendor')} name="vendor" value={query.vendor} options={vendors} onChange={(v) => update({ vendor: v })} />
      <SelectField
        label={t('field.confidence')}
        name="data_confidence"
        value={query.data_confidence}
        options={confidenceOptions(t)}
        onChange={(v) => update({ data_confidence: v })}
      />
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setText('');
          update({ ...EMPTY_TRANSCEIVER_QUERY, limit: query.limit });
        }}
      >
        {t('filter.reset')}
      </button>
    </form>
  );
}
