import type { Factor } from '../../../shared/api/forecast/forecast.schemas.js';
import { ProgressBar } from '../components/progress-bar.js';
import { formatNumber, formatPercent } from '../format/format.utils.js';
import { FACTOR_LABELS } from './factor-labels.js';

/** The six weighted factors of the phase classifier, each with its measured value and its source. */
export function FactorTable({ factors }: { factors: Factor[] }) {
  return (
    <div className="table-scroll">
      <table className="table compact factor-table" data-testid="factor-table">
        <thead>
          <tr>
            <th>Factor</th>
            <th className="num">Weight</th>
            <th className="num">Value</th>
            <th>Contribution</th>
            <th className="num">Weighted</th>
          </tr>
        </thead>
        <tbody>
          {factors.map((f) => (
            <tr key={f.name} title={`${f.source}: ${f.detail}`}>
              <td>
                {FACTOR_LABELS[f.name] ?? f.name}
                <div className="muted small">
                  {f.source}: {f.unit}
                </div>
              </td>
              <td className="num">{formatPercent(f.weight)}</td>
              <td className="num">{formatNumber(f.value, 2)}</td>
              <td>
                <ProgressBar ratio={f.contribution} label={`${FACTOR_LABELS[f.name] ?? f.name} contribution`} />
              </td>
              <td className="num">{formatNumber(f.weighted, 3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
