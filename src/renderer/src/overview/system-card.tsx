import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { StatusBadge } from '../components/status-badge.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';

/** Where the data lives, how colleagues reach this service, and the scheduled jobs. */
export function SystemCard() {
  const { state, reload } = useApiQuery({ path: '/api/system' });
  const { t, format } = useI18n();
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
            </dl>
            {system.scheduler.jobs.length > 0 && (
              <table className="table compact">
                <thead>
                  <tr>
                    <th>{t('system.job')}</th>
                    <th>{t('system.lastRun')}</th>
                    <th>{t('system.nextRun')}</th>
                  </tr>
                </thead>
                <tbody>
                  {system.scheduler.jobs.map((job) => (
                    <tr key={job.name} title={job.lastError ?? undefined}>
                      <td>
                        {job.name} {job.running && <StatusBadge tone="neutral">{t('system.running')}</StatusBadge>}
                        {job.lastError !== null && <StatusBadge tone="bad">{t('system.failed')}</StatusBadge>}
                      </td>
                      <td>{job.lastRunAt === null ? t('system.never') : format.dateTime(job.lastRunAt)}</td>
                      <td>{job.nextRunAt === null ? '—' : format.dateTime(job.nextRunAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </AsyncView>
    </Card>
  );
}
