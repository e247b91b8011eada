import type { TextIndexStatus } from '../../../shared/api/system.schemas.js';
import { ProgressBar } from '../components/progress-bar.js';
import { StatusBadge } from '../components/status-badge.js';
import { useI18n } from '../i18n/use-i18n.js';

/** The catalogue's text index in the system card: complete, or how far its background build has come. */
export function TextIndexFact({ status }: { status: TextIndexStatus }) {
  const { t, format } = useI18n();
  const counts = { done: format.number(status.done), total: format.number(status.total) };
  return (
    <>
      <dt>{t('system.textIndex')}</dt>
      <dd data-testid="text-index" data-state={status.state}>
        {status.state === 'complete' ? (
          <StatusBadge tone="good">{t('system.textIndexComplete')}</StatusBadge>
        ) : (
          <>
            <StatusBadge tone="warn">{t(status.state === 'building' ? 'system.textIndexBuilding' : 'system.textIndexIncomplete', counts)}</StatusBadge>
            <ProgressBar ratio={status.percent / 100} label={t('system.textIndex')} />
            {status.eta_seconds !== null && status.rows_per_s !== null && (
              <div className="muted small">
                {t('system.textIndexTimeLeft', { time: format.duration(status.eta_seconds), rate: format.number(status.rows_per_s) })}
              </div>
            )}
            <div className="muted small">{t('system.textIndexScanning')}</div>
          </>
        )}
      </dd>
    </>
  );
}
