import { useI18n } from '../i18n/use-i18n.js';
import { TABS, useDashboard } from '../state/dashboard.store.js';

/** The product's tab names (tab.<id> in the message catalogue). */
export function TabBar() {
  const tab = useDashboard((s) => s.tab);
  const setTab = useDashboard((s) => s.setTab);
  const { t } = useI18n();
  return (
    <nav className="tab-bar" role="tablist" aria-label={t('tab.sections')}>
      {TABS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          data-tab={id}
          aria-selected={tab === id}
          aria-controls={`panel-${id}`}
          className={tab === id ? 'tab tab-active' : 'tab'}
          onClick={() => setTab(id)}
        >
          {t(`tab.${id}`)}
        </button>
      ))}
    </nav>
  );
}
