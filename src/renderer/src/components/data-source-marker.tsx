import type { TakeAlongStatus } from '../../../shared/api/take-along.schemas.js';
import { JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS } from '../../../shared/dashboard.constants.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { ProgressBar } from './progress-bar.js';
import { snapshotAge } from './snapshot-age.js';

// Re-read until the pull is done, search's catching up with the snapshot (indexing) included.
const isPulling = (status: TakeAlongStatus) => status.pull?.state === 'running' || status.pull?.state === 'indexing';

/**
 * Which data the dashboard shows (GET /api/take-along/status): the service's own, or a read-only snapshot of a team
 * server and how old it is; while a pull runs, its progress. Re-read while a pull is under way.
 */
export function DataSourceMarker() {
  const { t } = useI18n();
  const { state } = useApiQuery(
    { path: '/api/take-along/status' },
    { poll: { while: isPulling, intervalMs: JOB_POLL_INTERVAL_MS, maxAttempts: JOB_POLL_MAX_ATTEMPTS } },
  );
  if (state.status !== 'ready') return null;
  const { snapshot, pull } = state.data;
  const pulling = pull?.state === 'running' ? pull : null;
  const age = snapshot ? snapshotAge(snapshot.age_seconds) : null;
  const title = snapshot
    ? t('source.snapshotTitle', { from: snapshot.from, time: snapshot.taken_at, age: t(age!.key, { count: age!.count }) })
    : t('source.ownTitle');
  return (
    <span className="data-source-marker" data-testid="data-source-marker" data-source={state.data.showing}>
      <span className={`badge ${snapshot ? 'badge-warn' : 'badge-neutral'}`} title={title} role="note" aria-label={title}>
        {snapshot ? t('source.snapshot', { age: t(age!.key, { count: age!.count }) }) : t('source.own')}
      </span>
      {pulling && (
        <ProgressBar
          ratio={pulling.total_rows === 0 ? 0 : pulling.pulled_rows / pulling.total_rows}
          label={t('source.pulling', { from: pulling.from, pulled: pulling.pulled_rows, total: pulling.total_rows })}
        />
      )}
    </span>
  );
}
