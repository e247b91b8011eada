import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { StatusBadge } from '../components/status-badge.js';
import { formatDateTime } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';

/** Where the data lives, how colleagues reach this service, and the scheduled jobs. */
export function SystemCard() {
  const { state, reload } = useApiQuery({ path: '/api/system' });
  return (
    <Card title="Service" testId="system-card">
      <AsyncView state={state} what="service details" onRetry={reload}>
        {(system) => (
          <>
            <dl className="facts">
              <dt>Listening on</dt>
              <dd>
                {system.listen.host}:{system.listen.port}{' '}
                {system.shared_on_lan ? <StatusBadge tone="warn">shared on the LAN</StatusBadge> : <StatusBadge tone="neutral">this computer only</StatusBadge>}
              </dd>
              {system.lan_urls.length > 0 && (
                <>
                  <dt>Colleagues open</dt>
                  <dd>
                    {system.lan_urls.map((url) => (
                      <div key={url} className="mono">
                        {url}
                      </div>
                    ))}
                  </dd>
                </>
              )}
              <dt>Data folder</dt>
              <dd className="mono small">{system.data_dir}</dd>
              <dt>Scheduler</dt>
              <dd>{system.scheduler.enabled ? `${system.scheduler.jobs.length} jobs` : 'off (SCHEDULER_ENABLED=false)'}</dd>
            </dl>
            {system.scheduler.jobs.length > 0 && (
              <table className="table compact">
                <thead>
                  <tr>
                    <th>Job</th>
                    <th>Last run</th>
                    <th>Next run</th>
                  </tr>
                </thead>
                <tbody>
                  {system.scheduler.jobs.map((job) => (
                    <tr key={job.name} title={job.lastError ?? undefined}>
                      <td>
                        {job.name} {job.running && <StatusBadge tone="neutral">running</StatusBadge>}
                        {job.lastError !== null && <StatusBadge tone="bad">failed</StatusBadge>}
                      </td>
                      <td>{job.lastRunAt === null ? 'never' : formatDateTime(job.lastRunAt)}</td>
                      <td>{job.nextRunAt === null ? '—' : formatDateTime(job.nextRunAt)}</td>
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
