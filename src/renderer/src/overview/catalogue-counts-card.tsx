import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useCatalogueCounts } from './use-catalogue-counts.js';

export function CatalogueCountsCard() {
  const { state, reload } = useCatalogueCounts();
  const { t, format } = useI18n();
  return (
    <Card title={t('counts.title')} testId="catalogue-counts">
      <AsyncView state={state} what={t('counts.what')} onRetry={reload} isEmpty={(c) => c.transceivers === 0} empty={t('counts.empty')}>
        {(counts) => (
          <ul className="stat-list">
            <li>
              <strong>{format.number(counts.transceivers)}</strong> {t('counts.transceivers')}
            </li>
            <li>
              <strong>{format.number(counts.vendors)}</strong> {t('counts.vendors')}
            </li>
            <li>
              <strong>{format.number(counts.standards)}</strong> {t('counts.standards')}
            </li>
            <li>
              <strong>{format.number(counts.formFactors)}</strong> {t('counts.formFactors')}
            </li>
            <li>
              <strong>{format.number(counts.switches)}</strong> {t('counts.switches')}
            </li>
          </ul>
        )}
      </AsyncView>
    </Card>
  );
}
