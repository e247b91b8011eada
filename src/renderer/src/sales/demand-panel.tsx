import { useState } from 'react';
import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { Pagination } from '../components/pagination.js';
import { usePaging } from '../hooks/use-paging.js';
import { useI18n } from '../i18n/use-i18n.js';
import { URGENCY_FILTERS, type UrgencyFilter } from '../../../shared/vocabulary/demand.vocabulary.js';
import { DemandBySpeedCard, VelocityCard } from './demand/demand-breakdowns.js';
import { DemandFilters, type DemandFilterValues, EMPTY_DEMAND_FILTERS } from './demand/demand-filters.js';
import { StockTable } from './demand/stock-table.js';

/**
 * Internal demand against German stock: which SKUs to reorder now (urgency, coverage, momentum), filtered by
 * urgency, speed, form factor and velocity class, beside the breakdowns by speed and by velocity class.
 */
export function DemandPanel() {
  const { t, format } = useI18n();
  const [filters, setFilters] = useState<DemandFilterValues>(EMPTY_DEMAND_FILTERS);
  const [urgency, setUrgency] = useState<UrgencyFilter | ''>('');
  const { paging, toFirstPage, pagination } = usePaging(50);
  const bySpeed = useApiQuery({ path: '/api/internal/demand/by-speed' });
  const formFactors = useApiQuery({ path: '/api/form-factors' });
  const query = {
    ...paging,
    ...(urgency === '' ? {} : { urgency }),
    ...(filters.speed_gbps === '' ? {} : { speed_gbps: filters.speed_gbps }),
    ...(filters.form_factor === '' ? {} : { form_factor: filters.form_factor }),
    ...(filters.velocity_class === '' ? {} : { velocity_class: filters.velocity_class }),
    ...(filters.q === '' ? {} : { q: filters.q }),
  };
  const { state, reload } = useApiQuery({ path: '/api/internal/demand/stock-analysis', query });
  const speeds: Array<[string, string]> =
    bySpeed.state.status === 'ready'
      ? bySpeed.state.data.items.flatMap((g) =>
          g.speed_gbps === null || g.speed === null ? [] : [[String(g.speed_gbps), `${g.speed} (${format.number(g.skus)})`] as [string, string]],
        )
      : [];
  const formFactorOptions: Array<[string, string]> = formFactors.state.status === 'ready' ? formFactors.state.data.items.map((ff) => [ff.name, ff.name]) : [];
  const update = (next: Partial<DemandFilterValues>) => {
    setFilters((current) => ({ ...current, ...next }));
    toFirstPage();
  };
  const chooseUrgency = (next: UrgencyFilter | '') => {
    setUrgency(next);
    toFirstPage();
  };

  return (
    <div className="grid" data-testid="demand-panel">
      <Card title={t('sales.demand.stockTitle')} testId="demand-stock" wide>
        <DemandFilters value={filters} speeds={speeds} formFactors={formFactorOptions} onChange={update} />
        <AsyncView state={state} what={t('sales.demand.stockWhat')} onRetry={reload}>
          {(page) => (
            <>
              <div className="chip-row" role="group" aria-label={t('sales.demand.urgencyFilter')} data-testid="urgency-chips">
                <button type="button" className={urgency === '' ? 'chip chip-active' : 'chip'} aria-pressed={urgency === ''} onClick={() => chooseUrgency('')}>
                  {t('filter.any')} ({format.number(Object.values(page.counts).reduce((a, b) => a + b, 0))})
                </button>
                {URGENCY_FILTERS.map((u) => (
                  <button
                    key={u}
                    type="button"
                    data-urgency={u}
                    aria-pressed={urgency === u}
                    className={urgency === u ? 'chip chip-active' : 'chip'}
                    onClick={() => chooseUrgency(u)}
                  >
                    {t(`sales.demand.urgency.${u}`)} ({format.number(page.counts[u])})
                  </button>
                ))}
              </div>
              <p className="muted small">
                {t('sales.demand.rules', {
                  critical: page.thresholds.critical_below_days,
                  low: page.thresholds.low_below_days,
                  overstock: page.thresholds.overstock_above_days,
                })}
              </p>
              {page.items.length === 0 ? <p className="state state-empty">{t('sales.demand.empty')}</p> : <StockTable items={page.items} />}
              <Pagination {...pagination(page.total)} />
            </>
          )}
        </AsyncView>
      </Card>
      <DemandBySpeedCard />
      <VelocityCard />
    </div>
  );
}
