import { useEffect, useState } from 'react';
import { SelectField } from '../components/select-field.js';
import { useDebounced } from '../hooks/use-debounced.js';
import { useFormFactorOptions, useVendorOptions } from '../hooks/use-reference-options.js';
import { EMPTY_TRANSCEIVER_QUERY, useDashboard } from '../state/dashboard.store.js';
import { CONFIDENCE_OPTIONS, FIBER_OPTIONS, SPEED_OPTIONS, WDM_OPTIONS } from './filter-options.js';

export function TransceiverFilters() {
  const query = useDashboard((s) => s.transceiverQuery);
  const update = useDashboard((s) => s.updateTransceiverQuery);
  const formFactors = useFormFactorOptions();
  const vendors = useVendorOptions();
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
        <span>Text</span>
        <input type="search" name="q" placeholder="Part number, name or standard" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <SelectField label="Form factor" name="form_factor" value={query.form_factor} options={formFactors} onChange={(v) => update({ form_factor: v })} />
      <SelectField label="Speed" name="speed_gbps" value={query.speed_gbps} options={SPEED_OPTIONS} onChange={(v) => update({ speed_gbps: v })} />
      <SelectField label="Fiber" name="fiber_type" value={query.fiber_type} options={FIBER_OPTIONS} onChange={(v) => update({ fiber_type: v })} />
      <SelectField label="WDM" name="wdm_type" value={query.wdm_type} options={WDM_OPTIONS} onChange={(v) => update({ wdm_type: v })} />
      <SelectField label="Vendor" name="vendor" value={query.vendor} options={vendors} onChange={(v) => update({ vendor: v })} />
      <SelectField
        label="Confidence"
        name="data_confidence"
        value={query.data_confidence}
        options={CONFIDENCE_OPTIONS}
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
        Reset
      </button>
    </form>
  );
}
