import type { StatsResponse } from '../../../shared/api/search.schemas.js';
import { JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS } from '../../../shared/dashboard.constants.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { ProgressBar } from '../components/progress-bar.js';
import { StatusBadge } from '../components/status-badge.js';
import { formatBytes, formatDateTime, formatNumber } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';

function isBuilding(stats: StatsResponse): boolean {
  return stats.collections.some((c) => c.progress.state === 'building' || !c.complete);
}

/** The vector collections: how far each build has come, re-read while any is building. */
export function IndexProgressCard() {
  const { state, reload } = useApiQuery(
    { path: '/search/stats' },
    { poll: { while: isBuilding, intervalMs: JOB_POLL_INTERVAL_MS, maxAttempts: JOB_POLL_MAX_ATTEMPTS } },
  );

  return (
    <Card title="Search index" testId="index-progress" double>
      <AsyncView state={state} what="search index statistics" onRetry={reload} isEmpty={(s) => s.collections.length === 0}>
        {(stats) => (
          <>
            <p className="headline">
              {stats.complete ? <StatusBadge tone="good">complete</StatusBadge> : <StatusBadge tone="warn">building</StatusBadge>}
              <span className="muted">
                {' '}
                {stats.provider} / {stats.model}, {stats.dimension} dimensions
              </span>
            </p>
            <table className="table compact">
              <thead>
                <tr>
                  <th>Collection</th>
                  <th className="num">Vectors</th>
                  <th>Progress</th>
                  <th className="num">Size</th>
                </tr>
              </thead>
              <tbody>
                {stats.collections.map((c) => {
                  const ratio = c.progress.state === 'building' ? c.progress.percent / 100 : c.source_count === 0 ? 1 : Math.min(1, c.count / c.source_count);
                  return (
                    <tr key={c.name}>
                      <td>
                        {c.name}
                        {c.built_at !== null && (
                          <div className="muted small">
                            built {formatDateTime(c.built_at)} in {formatNumber(c.build_ms)} ms
                          </div>
                        )}
                      </td>
                      <td className="num">
                        {formatNumber(c.count)} / {formatNumber(c.source_count)}
                      </td>
                      <td>
                        <ProgressBar ratio={ratio} label={`${c.name} build progress`} />
                      </td>
                      <td className="num">{formatBytes(c.size_bytes)}</td>
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
