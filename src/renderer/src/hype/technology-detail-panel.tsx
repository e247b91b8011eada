import { AsyncView } from '../components/async-view.js';
import { formatNumber, formatPercent } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';
import { FactorTable } from './factor-table.js';

/** GET /api/hype-cycle/:tech: the phase, the composite score and where each factor came from. */
export function TechnologyDetailPanel({ name }: { name: string }) {
  const { state, reload } = useApiQuery({ path: '/api/hype-cycle/:tech', params: { tech: name } });
  return (
    <AsyncView state={state} what={`the detail of ${name}`} onRetry={reload}>
      {(detail) => (
        <div className="stack">
          <p className="headline">
            <strong>{detail.phase}</strong>
            <span className="muted">
              {' '}
              score {formatNumber(detail.score, 2)}, {formatPercent(detail.adoption_share_now)} adopted, Bass peak in {detail.peak_year.toFixed(1)}
            </span>
          </p>
          <p>{detail.description}</p>
          <FactorTable factors={detail.factors} />
          <p className="muted small">
            Standard: {detail.standard.name ?? '—'} ({detail.standard.stage}
            {detail.standard.year !== null ? `, ${detail.standard.year}` : ''}). Model: {detail.model.method} Bass, p = {formatNumber(detail.model.p, 4)}, q ={' '}
            {formatNumber(detail.model.q, 3)}, m = {formatNumber(detail.model.m, 1)} M ports
            {detail.model.r2 !== null ? `, R² ${formatNumber(detail.model.r2, 3)}` : ''}. {detail.model.reason}
          </p>
          {detail.risks.length > 0 && (
            <ul className="risks">
              {detail.risks.map((risk) => (
                <li key={risk}>{risk}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </AsyncView>
  );
}
