import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Job, JobList } from '../../../shared/api/jobs.schemas.js';
import { JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS } from '../../../shared/dashboard.constants.js';
import { ApiError } from '../api/api-client.js';
import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { StatusBadge } from '../components/status-badge.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';

const anyRunning = (jobs: JobList) => jobs.items.some((job) => job.running);
const TONE = { running: 'neutral', succeeded: 'good', failed: 'bad', cancelled: 'warn', abandoned: 'bad' } as const;

/** The background jobs (news, vendor-shop scrapers): last run with its counts, next run, and "run now". */
export function JobsCard() {
  const { state, reload } = useApiQuery(
    { path: '/api/jobs' },
    { poll: { while: anyRunning, intervalMs: JOB_POLL_INTERVAL_MS, maxAttempts: JOB_POLL_MAX_ATTEMPTS } },
  );
  const { t } = useI18n();
  return (
    <Card title={t('jobs.title')} testId="jobs-card" double>
      <AsyncView state={state} what={t('jobs.what')} onRetry={reload} isEmpty={(jobs) => jobs.items.length === 0} empty={t('jobs.none')}>
        {(jobs) => (
          <>
            {!jobs.timers_enabled && <p className="muted">{t('jobs.timersOff')}</p>}
            <table className="table compact">
              <thead>
                <tr>
                  <th>{t('jobs.job')}</th>
                  <th>{t('jobs.lastRun')}</th>
                  <th>{t('jobs.nextRun')}</th>
                  <th aria-label={t('jobs.actions')} />
                </tr>
              </thead>
              <tbody>
                {jobs.items.map((job) => (
                  <JobRow key={job.name} job={job} />
                ))}
              </tbody>
            </table>
          </>
        )}
      </AsyncView>
    </Card>
  );
}

function JobRow({ job }: { job: Job }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t, format } = useI18n();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const run = job.last_run;

  async function runNow() {
    setStarting(true);
    setRefusal(null);
    try {
      await client.act('/api/jobs/:name/run', { name: job.name }, null);
    } catch (error) {
      // 409: it is running already (another window, a timer, the command line); the list shows it as running.
      setRefusal(error instanceof ApiError ? error.message : t('jobs.startFailed'));
    } finally {
      setStarting(false);
      await queryClient.invalidateQueries({ queryKey: ['/api/jobs'] });
    }
  }

  return (
    <tr data-testid="job-row" data-job={job.name}>
      <td title={job.summary}>{job.name}</td>
      <td title={run?.error_samples.join('\n') || run?.message || undefined}>
        {run === null ? (
          t('jobs.never')
        ) : (
          <>
            <StatusBadge tone={TONE[run.status]} data-status={run.status}>
              {t(`jobs.status.${run.status}`)}
            </StatusBadge>{' '}
            {format.dateTime(run.started_at)}
            <div className="muted small">
              {t('jobs.counts', { pages: format.number(run.pages), items: format.number(run.items), errors: format.number(run.errors) })}
            </div>
            {run.message && <div className="muted small">{run.message}</div>}
          </>
        )}
        {refusal && (
          <div className="problem small" role="alert">
            {refusal}
          </div>
        )}
      </td>
      <td>{job.next_run_at === null ? '—' : format.dateTime(job.next_run_at)}</td>
      <td>
        <button type="button" className="button-secondary" disabled={job.running || starting} onClick={() => void runNow()} data-testid="job-run-now">
          {job.running ? t('jobs.status.running') : t('jobs.runNow')}
        </button>
      </td>
    </tr>
  );
}
