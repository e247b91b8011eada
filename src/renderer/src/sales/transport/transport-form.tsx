import { useState } from 'react';
import type { TransportNetwork, TransportPlanRequest } from '../../../../shared/api/sales/transport.schemas.js';
import { useI18n } from '../../i18n/use-i18n.js';

type Protection = NonNullable<TransportPlanRequest['protection']>;
type Currency = NonNullable<TransportPlanRequest['currency']>;
// The schemas are imported for their types only (TypeBox stays out of the bundle); the type-check keeps these in line.
const PROTECTIONS: Protection[] = ['none', '1+1'];
const CURRENCIES: Currency[] = ['GBP', 'USD'];

interface TransportFormProps {
  cities: TransportNetwork['cities'];
  initial: TransportPlanRequest;
  onPlan(request: TransportPlanRequest): void;
}

/** City pickers, capacity, protection and preferences; the plan is asked for when the user presses "Plan". */
export function TransportForm({ cities, initial, onPlan }: TransportFormProps) {
  const { t } = useI18n();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [capacity, setCapacity] = useState(initial.capacity);
  const [protection, setProtection] = useState<Protection>(initial.protection ?? 'none');
  const [currency, setCurrency] = useState<Currency>(initial.currency ?? 'GBP');
  const [preferCoherent, setPreferCoherent] = useState(initial.preferences?.prefer_coherent ?? false);
  const [avoidEstimated, setAvoidEstimated] = useState(initial.preferences?.avoid_estimated ?? false);
  const [formFactor, setFormFactor] = useState(initial.preferences?.form_factor ?? '');
  const sorted = [...cities].sort((a, b) => a.name.localeCompare(b.name));
  const citySelect = (name: string, label: string, value: string, set: (v: string) => void) => (
    <label className="field">
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => set(e.target.value)}>
        {sorted.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.country})
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="filters"
      data-testid="transport-form"
      onSubmit={(e) => {
        e.preventDefault();
        const platform = formFactor.trim();
        onPlan({
          from,
          to,
          capacity,
          protection,
          currency,
          preferences: { prefer_coherent: preferCoherent, avoid_estimated: avoidEstimated, ...(platform === '' ? {} : { form_factor: platform }) },
        });
      }}
    >
      {citySelect('from', t('sales.transport.from'), from, setFrom)}
      {citySelect('to', t('sales.transport.to'), to, setTo)}
      <label className="field">
        <span>{t('sales.transport.capacity')}</span>
        <input name="capacity" value={capacity} size={9} placeholder="4x100G" onChange={(e) => setCapacity(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('sales.transport.protection')}</span>
        <select name="protection" value={protection} onChange={(e) => setProtection(e.target.value as Protection)}>
          {PROTECTIONS.map((p) => (
            <option key={p} value={p}>
              {t(`sales.transport.protection.${p === '1+1' ? 'oneplusone' : 'none'}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('sales.transport.currency')}</span>
        <select name="currency" value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('sales.transport.formFactor')}</span>
        <input name="form_factor" value={formFactor} size={9} maxLength={20} placeholder="QSFP-DD" onChange={(e) => setFormFactor(e.target.value)} />
      </label>
      <label className="checkbox">
        <input type="checkbox" name="prefer_coherent" checked={preferCoherent} onChange={(e) => setPreferCoherent(e.target.checked)} />
        {t('sales.transport.preferCoherent')}
      </label>
      <label className="checkbox">
        <input type="checkbox" name="avoid_estimated" checked={avoidEstimated} onChange={(e) => setAvoidEstimated(e.target.checked)} />
        {t('sales.transport.avoidEstimated')}
      </label>
      <button type="submit" className="button-primary">
        {t('sales.transport.plan')}
      </button>
    </form>
  );
}
