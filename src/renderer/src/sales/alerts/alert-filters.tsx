import { ALERT_KINDS, ALERT_SEVERITIES, type AlertKind, type AlertSeverity } from '../../../../shared/vocabulary/sales-alerts.vocabulary.js';
import { useApiQuery } from '../../api/api-queries.js';
import { SelectField } from '../../components/select-field.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { SPEED_OPTIONS } from '../../transceivers/filter-options.js';

export interface AlertFilterValues {
  vendor: string;
  kind: AlertKind | '';
  speed: string;
  severity: AlertSeverity | '';
  since: string;
  until: string;
}

export const NO_ALERT_FILTERS: AlertFilterValues = { vendor: '', kind: '', speed: '', severity: '', since: '', until: '' };

/** Competitor shops only: alerts are never raised for the operator or the equipment makers. */
function useCompetitorOptions(): Array<[string, string]> {
  const { state } = useApiQuery({ path: '/api/vendors', query: { kind: 'competitor' } });
  return state.status === 'ready' ? state.data.items.map((v) => [v.id, v.name]) : [];
}

export function AlertFilters({ value, onChange }: { value: AlertFilterValues; onChange(change: Partial<AlertFilterValues>): void }) {
  const { t } = useI18n();
  const vendors = useCompetitorOptions();
  return (
    <form className="filters" data-testid="alert-filters" onSubmit={(e) => e.preventDefault()}>
      <SelectField label={t('sales.alerts.vendor')} name="vendor" value={value.vendor} options={vendors} onChange={(v) => onChange({ vendor: v })} />
      <SelectField
        label={t('sales.alerts.kind')}
        name="kind"
        value={value.kind}
        options={ALERT_KINDS.map((k) => [k, t(`sales.alerts.kind.${k}`)])}
        onChange={(v) => onChange({ kind: v })}
      />
      <SelectField label={t('field.speed')} name="speed" value={value.speed} options={SPEED_OPTIONS} onChange={(v) => onChange({ speed: v })} />
      <SelectField
        label={t('sales.alerts.severity')}
        name="severity"
        value={value.severity}
        options={ALERT_SEVERITIES.map((s) => [s, t(`sales.alerts.severity.${s}`)])}
        onChange={(v) => onChange({ severity: v })}
      />
      <label className="field">
        <span>{t('sales.alerts.since')}</span>
        <input type="date" name="since" value={value.since} max={value.until || undefined} onChange={(e) => onChange({ since: e.target.value })} />
      </label>
      <label className="field">
        <span>{t('sales.alerts.until')}</span>
        <input type="date" name="until" value={value.until} min={value.since || undefined} onChange={(e) => onChange({ until: e.target.value })} />
      </label>
    </form>
  );
}
