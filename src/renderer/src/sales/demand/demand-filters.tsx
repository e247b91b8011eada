import { useEffect, useState } from 'react';
import { SelectField } from '../../components/select-field.js';
import { useDebounced } from '../../hooks/use-debounced.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { VELOCITY_CLASS_NAMES, type VelocityClassName } from '../../../../shared/vocabulary/demand.vocabulary.js';

export interface DemandFilterValues {
  speed_gbps: string;
  form_factor: string;
  velocity_class: VelocityClassName | '';
  q: string;
}

export const EMPTY_DEMAND_FILTERS: DemandFilterValues = { speed_gbps: '', form_factor: '', velocity_class: '', q: '' };

interface DemandFiltersProps {
  value: DemandFilterValues;
  speeds: Array<[string, string]>;
  formFactors: Array<[string, string]>;
  onChange(next: Partial<DemandFilterValues>): void;
}

export function DemandFilters({ value, speeds, formFactors, onChange }: DemandFiltersProps) {
  const { t } = useI18n();
  const [text, setText] = useState(value.q);
  const settled = useDebounced(text, 300);
  useEffect(() => {
    if (settled !== value.q) onChange({ q: settled });
    // Only the settled text drives the query; a reset from outside is mirrored by the reset button itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <form className="filters" data-testid="demand-filters" onSubmit={(e) => e.preventDefault()}>
      <label className="field field-grow">
        <span>{t('filter.text')}</span>
        <input type="search" name="q" placeholder={t('sales.demand.textPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <SelectField label={t('field.speed')} name="speed_gbps" value={value.speed_gbps} options={speeds} onChange={(v) => onChange({ speed_gbps: v })} />
      <SelectField
        label={t('field.formFactor')}
        name="form_factor"
        value={value.form_factor}
        options={formFactors}
        onChange={(v) => onChange({ form_factor: v })}
      />
      <SelectField
        label={t('sales.demand.velocityFilter')}
        name="velocity_class"
        value={value.velocity_class}
        options={VELOCITY_CLASS_NAMES.map((v): [VelocityClassName, string] => [v, t(`sales.demand.velocity.${v}`)])}
        onChange={(v) => onChange({ velocity_class: v })}
      />
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          setText('');
          onChange(EMPTY_DEMAND_FILTERS);
        }}
      >
        {t('filter.reset')}
      </button>
    </form>
  );
}
