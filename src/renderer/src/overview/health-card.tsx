import type { LoadStatus } from '../../../shared/api/health.schemas.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { StatusBadge } from '../components/status-badge.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';

const TONE: Record<LoadStatus, 'good' | 'warn' | 'bad'> = { ok: 'good', busy: 'warn', overloaded: 'bad' };

export function HealthCard() {
  const { state, reload } = useApiQuery({ path: '/api/health' });
  const { t, format } = useI18n();
  return (
    <Card
      title={t('health.title')}
      testId="health-card"
      actions={
        <button type="button" className="link-button" onClick={reload}>
          {t('health.refresh')}
        </button>
      }
    >
      <AsyncView state={state} what={t('health.what')} onRetry={reload}>
        {(health) => (
          <>
            <p className="headline">
              {t('health.load')}{' '}
              <StatusBadge tone={TONE[health.load_status]} data-status={health.load_status}>
                {t(`load.${health.load_status}`)}
              </StatusBadge>
              <span className="muted"> {t('health.version', { version: health.version, uptime: format.duration(health.uptime_seconds) })}</span>
            </p>
            {health.load_reasons.length > 0 && <p className="muted">{health.load_reasons.join('; ')}</p>}
            <dl className="facts">
              <dt>{t('health.cpu')}</dt>
              <dd>
                {t('health.cpuValue', {
                  load1: format.number(health.cpu.load_1m, 2),
                  load5: format.number(health.cpu.load_5m, 2),
                  load15: format.number(health.cpu.load_15m, 2),
                  cores: health.cpu.cores,
                })}
              </dd>
              <dt>{t('health.memory')}</dt>
              <dd>{t('health.shareOf', { share: format.percent(health.memory.used_ratio), total: format.bytes(health.memory.total_bytes) })}</dd>
              <dt>{t('health.process')}</dt>
              <dd>{format.bytes(health.process.rss_bytes)} RSS</dd>
              <dt>{t('health.disk')}</dt>
              <dd>{t('health.shareOf', { share: format.percent(health.disk.used_ratio), total: format.bytes(health.disk.total_bytes) })}</dd>
              <dt>{t('health.database')}</dt>
              <dd>
                {t(health.database.ok ? 'health.databaseOk' : 'health.databaseFailing', {
                  latency: format.number(health.database.latency_ms, 1),
                  migrations: health.database.migrations_applied,
                })}
              </dd>
            </dl>
          </>
        )}
      </AsyncView>
    </Card>
  );
}
