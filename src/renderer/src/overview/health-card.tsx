import type { LoadStatus } from '../../../shared/api/health.schemas.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { StatusBadge } from '../components/status-badge.js';
import { formatBytes, formatDuration, formatNumber, formatPercent } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';

const TONE: Record<LoadStatus, 'good' | 'warn' | 'bad'> = { ok: 'good', busy: 'warn', overloaded: 'bad' };

export function HealthCard() {
  const { state, reload } = useApiQuery({ path: '/api/health' });
  return (
    <Card
      title="Service health"
      testId="health-card"
      actions={
        <button type="button" className="link-button" onClick={reload}>
          Refresh
        </button>
      }
    >
      <AsyncView state={state} what="service health" onRetry={reload}>
        {(health) => (
          <>
            <p className="headline">
              Load <StatusBadge tone={TONE[health.load_status]}>{health.load_status}</StatusBadge>
              <span className="muted">
                {' '}
                version {health.version}, up {formatDuration(health.uptime_seconds)}
              </span>
            </p>
            {health.load_reasons.length > 0 && <p className="muted">{health.load_reasons.join('; ')}</p>}
            <dl className="facts">
              <dt>CPU load (1/5/15 min)</dt>
              <dd>
                {formatNumber(health.cpu.load_1m, 2)} / {formatNumber(health.cpu.load_5m, 2)} / {formatNumber(health.cpu.load_15m, 2)} on {health.cpu.cores}{' '}
                cores
              </dd>
              <dt>Memory used</dt>
              <dd>
                {formatPercent(health.memory.used_ratio)} of {formatBytes(health.memory.total_bytes)}
              </dd>
              <dt>Process memory</dt>
              <dd>{formatBytes(health.process.rss_bytes)} RSS</dd>
              <dt>Disk used</dt>
              <dd>
                {formatPercent(health.disk.used_ratio)} of {formatBytes(health.disk.total_bytes)}
              </dd>
              <dt>Database</dt>
              <dd>
                {health.database.ok ? 'ok' : 'failing'}, {formatNumber(health.database.latency_ms, 1)} ms, {health.database.migrations_applied} migrations
              </dd>
            </dl>
          </>
        )}
      </AsyncView>
    </Card>
  );
}
