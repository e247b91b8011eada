import type { StatsResponse } from '../../../shared/api/search.schemas.js';
import { JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS } from '../../../shared/dashboard.constants.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { ProgressBar } from '../components/progress-bar.js';
import { StatusBadge } from '../components/status-badge.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { collectionLabel } from '../search/collection-labels.js';

function isBuilding(stats: StatsResponse): boolean {
  return stats.collections.some((c) => c.progress.state === 'building' || !c.complete);
}

/** The vector collections: how far each build has come, re-read while any is building. */
export function IndexProgressCard() {
  const { state, reload } = useApiQuery(
    { path: '/search/stats' },
    { poll: { while: isBuilding, intervalMs: JOB_POLL_INTERVAL_MS, maxAttempts: JOB_POLL_MAX_ATTEMPTS } },
  );
  const { t, format } = useI18n();

  return (
    <Card title={t('index.title')} testId="index-progress" double>
      <AsyncView state={state} what={t('index.what')} onRetry={reload} isEmpty={(s) => s.collections.length === 0}>
        {(stats) => (
          <>
            <p className="headline">
              {stats.complete ? (
                <StatusBadge tone="good" data-status="complete">
                  {t('index.complete')}
                </StatusBadge>
              ) : (
                <StatusBadge tone="warn" data-status="building">
                  {t('index.building')}
                </StatusBadge>
              )}
              <span className="muted"> {t('index.model', { provider: stats.provider, model: stats.model, dimension: stats.dimension })}</span>
            </p>
            <table className="table compact">
              <thead>
                <tr>
                  <th>{t('index.collection')}</th>
                  <th className="num">{t('index.vectors')}</th>
                  <th>{t('index.progress')}</th>
                  <th className="num">{t('index.size')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.collections.map((c) => {
                  const ratio = c.progress.state === 'building' ? c.progress.percent / 100 : c.source_count === 0 ? 1 : Math.min(1, c.count / c.source_count);
                  return (
                    <tr key={c.name} data-collection={c.name}>
                      <td>
                        {collectionLabel(c.name, t)}
                        {c.built_at !== null && (
                          <div className="muted small">{t('index.built', { time: format.dateTime(c.built_at), ms: format.number(c.build_ms) })}</div>
                        )}
                      </td>
                      <td className="num">
                        {format.number(c.count)} / {format.number(c.source_count)}
                      </td>
                      <td>
                        <ProgressBar ratio={ratio} label={t('index.buildProgress', { name: collectionLabel(c.name, t) })} />
                        {c.progress.state === 'building' && c.progress.eta_seconds !== null && c.progress.texts_per_s !== null && (
                          <div className="muted small" data-testid="index-time-left">
                            {t('index.timeLeft', { time: format.duration(c.progress.eta_seconds), rate: format.number(c.progress.texts_per_s) })}
                          </div>
                        )}
                      </td>
                      <td className="num">{format.bytes(c.size_bytes)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        )}
      </AsyncView>
    </Card>
  );
}
