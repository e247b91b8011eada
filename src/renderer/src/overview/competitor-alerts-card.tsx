import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { useI18n } from '../i18n/use-i18n.js';
import { SeverityBadge } from '../sales/alerts/alert-badges.js';
import { useDashboard } from '../state/dashboard.store.js';

const SHOWN = 6;

/** The newest competitor alerts; "All alerts" opens the Sales tab's alert view with its filters. */
export function CompetitorAlertsCard() {
  const { state, reload } = useApiQuery({ path: '/api/competitor-alerts', query: { limit: SHOWN } });
  const setTab = useDashboard((s) => s.setTab);
  const setSalesSection = useDashboard((s) => s.setSalesSection);
  const { t, format } = useI18n();
  const openAll = () => {
    setSalesSection('alerts');
    setTab('sales');
  };
  return (
    <Card
      title={t('sales.alerts.card.title')}
      testId="competitor-alerts-card"
      actions={
        <button type="button" className="button-secondary" data-testid="open-alerts" onClick={openAll}>
          {t('sales.alerts.card.all')}
        </button>
      }
    >
      <AsyncView state={state} what={t('sales.alerts.what')} onRetry={reload} isEmpty={(page) => page.items.length === 0} empty={t('sales.alerts.empty')}>
        {(page) => (
          <>
            <ul className="price-changes">
              {page.items.map((alert) => (
                <li key={alert.id} data-testid="alert-card-row" data-severity={alert.severity}>
                  <SeverityBadge severity={alert.severity} /> {alert.title}
                  <div className="muted">
                    {t(`sales.alerts.kind.${alert.kind}`)} · {format.dateTime(alert.created_at)}
                  </div>
                </li>
              ))}
            </ul>
            <p className="muted">{t('sales.alerts.total', { total: format.number(page.total) })}</p>
          </>
        )}
      </AsyncView>
    </Card>
  );
}
