import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { CompetitorAlertsPanel } from './competitor-alerts-panel.js';
import { DemandPanel } from './demand-panel.js';
import { FinderPanel } from './finder-panel.js';
import { HotTopicsPanel } from './hot-topics-panel.js';
import { SALES_SECTIONS } from './sales-sections.js';
import { TransportPanel } from './transport-panel.js';

/**
 * What a salesperson opens the app for: the switch-to-product finder, the transport planner, competitor alerts and
 * hot topics. One view at a time behind a sub-navigation; the store keeps the choice while other tabs are open.
 */
export function SalesTab() {
  const section = useDashboard((s) => s.salesSection);
  const setSection = useDashboard((s) => s.setSalesSection);
  const { t } = useI18n();
  return (
    <div className="stack" data-testid="sales">
      <nav className="segmented" aria-label={t('sales.sections')} data-testid="sales-sections">
        {SALES_SECTIONS.map((id) => (
          <button
            key={id}
            type="button"
            data-section={id}
            aria-pressed={section === id}
            className={section === id ? 'segment segment-active' : 'segment'}
            onClick={() => setSection(id)}
          >
            {t(`sales.section.${id}`)}
          </button>
        ))}
      </nav>
      {section === 'finder' && <FinderPanel />}
      {section === 'transport' && <TransportPanel />}
      {section === 'alerts' && <CompetitorAlertsPanel />}
      {section === 'topics' && <HotTopicsPanel />}
      {section === 'demand' && <DemandPanel />}
    </div>
  );
}
