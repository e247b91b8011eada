import { useState } from 'react';
import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { Pagination } from '../components/pagination.js';
import { usePaging } from '../hooks/use-paging.js';
import { useI18n } from '../i18n/use-i18n.js';
import { AlertFilters, type AlertFilterValues, NO_ALERT_FILTERS } from './alerts/alert-filters.js';
import { AlertRow } from './alerts/alert-row.js';

/** Competitor price changes, new products and stock changes, newest first, filtered and paged by the service. */
export function CompetitorAlertsPanel() {
  const { t, format } = useI18n();
  const [filters, setFilters] = useState<AlertFilterValues>(NO_ALERT_FILTERS);
  const { paging, toFirstPage, pagination } = usePaging(25);
  // A range that ends before it starts would answer 400; it is not sent until the user finishes correcting it.
  const rangeOk = filters.since === '' || filters.until === '' || filters.since <= filters.until;
  const query = {
    ...paging,
    ...(filters.vendor ? { vendor: filters.vendor } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.speed ? { speed: filters.speed } : {}),
    ...(filters.severity ? { severity: filters.severity } : {}),
    ...(filters.since ? { since: filters.since } : {}),
    ...(filters.until && rangeOk ? { until: filters.until } : {}),
  };
  const { state, reload } = useApiQuery({ path: '/api/competitor-alerts', query });
  return (
    <Card title={t('sales.alerts.title')} testId="competitor-alerts" wide>
      <p className="muted">{t('sales.alerts.intro')}</p>
      <AlertFilters
        value={filters}
        onChange={(change) => {
          setFilters((f) => ({ ...f, ...change }));
          toFirstPage();
        }}
      />
      <AsyncView state={state} what={t('sales.alerts.what')} onRetry={reload} isEmpty={(page) => page.items.length === 0} empty={t('sales.alerts.empty')}>
        {(page) => (
          <>
            <p className="muted" data-testid="alerts-total">
              {t('sales.alerts.total', { total: format.number(page.total) })}
            </p>
            <div className="table-scroll">
              <table className="table compact" data-testid="alerts-table">
                <thead>
                  <tr>
                    <th>{t('sales.alerts.when')}</th>
                    <th>{t('sales.alerts.severity')}</th>
                    <th>{t('sales.alerts.kind')}</th>
                    <th>{t('sales.alerts.vendor')}</th>
                    <th>{t('sales.alerts.product')}</th>
                    <th>{t('sales.alerts.change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((alert) => (
                    <AlertRow key={alert.id} alert={alert} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination {...pagination(page.total)} />
          </>
        )}
      </AsyncView>
    </Card>
  );
}
