import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { DescriptionText } from '../components/description-text.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';

/** Form factors with their products; a click filters the Transceivers tab by it. */
export function FormFactorsCard() {
  const { state, reload } = useApiQuery({ path: '/api/form-factors' });
  const update = useDashboard((s) => s.updateTransceiverQuery);
  const setTab = useDashboard((s) => s.setTab);
  const { t, format } = useI18n();
  return (
    <Card title={t('formFactors.title')} testId="form-factors" wide>
      <AsyncView state={state} what={t('formFactors.what')} onRetry={reload} isEmpty={(l) => l.items.length === 0}>
        {(list) => (
          <div className="ff-grid">
            {list.items.map((ff) => (
              <article key={ff.name} className="ff-item">
                <h3>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      update({ form_factor: ff.name });
                      setTab('transceivers');
                    }}
                  >
                    {ff.name}
                  </button>{' '}
                  <span className="muted">{t('formFactors.line', { speed: ff.speed, status: ff.status, count: format.number(ff.transceiver_count) })}</span>
                </h3>
                <DescriptionText record={ff} />
              </article>
            ))}
          </div>
        )}
      </AsyncView>
    </Card>
  );
}
