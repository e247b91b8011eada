import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { StatusBadge } from '../components/status-badge.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';

/** Where the data lives, how colleagues reach this service, and whether the scheduler's timers run (the jobs card shows the jobs). */
export function SystemCard() {
  const { state, reload } = useApiQuery({ path: '/api/system' });
  const { t } = useI18n();
  return (
    <Card title={t('system.title')} testId="system-card">
      <AsyncView state={state} what={t('system.what')} onRetry={reload}>
        {(system) => (
          <>
            <dl className="facts">
              <dt>{t('system.listening')}</dt>
              <dd>
                {system.listen.host}:{system.listen.port}{' '}
                {system.shared_on_lan ? (
                  <StatusBadge tone="warn">{t('system.sharedOnLan')}</StatusBadge>
                ) : (
                  <StatusBadge tone="neutral">{t('system.local')}</StatusBadge>
                )}
              </dd>
              {system.lan_urls.length > 0 && (
                <>
                  <dt>{t('system.colleaguesOpen')}</dt>
                  <dd>
                    {system.lan_urls.map((url) => (
                      <div key={url} className="mono">
                        {url}
                      </div>
                    ))}
                  </dd>
                </>
              )}
              <dt>{t('system.dataFolder')}</dt>
              <dd className="mono small">{system.data_dir}</dd>
              <dt>{t('system.scheduler')}</dt>
              <dd>{system.scheduler.enabled ? t('system.jobs', { count: system.scheduler.jobs.length }) : t('system.schedulerOff')}</dd>
              <dt>{t('system.database')}</dt>
              <dd data-testid="database" data-engine={system.database.engine}>
                {t(system.database.engine === 'postgres' ? 'system.databasePostgres' : 'system.databaseSqlite')}
                <div className="mono small">{system.database.location}</div>
              </dd>
            </dl>
          </>
        )}
      </AsyncView>
    </Card>
  );
}
