import type { Factor } from '../../../shared/api/forecast/forecast.schemas.js';
import { ProgressBar } from '../components/progress-bar.js';
import { useI18n } from '../i18n/use-i18n.js';
import { factorLabel } from './factor-labels.js';

/** The six weighted factors of the phase classifier, each with its measured value and its source. */
export function FactorTable({ factors }: { factors: Factor[] }) {
  const { t, format } = useI18n();
  return (
    <div className="table-scroll">
      <table className="table compact factor-table" data-testid="factor-table">
        <thead>
          <tr>
            <th>{t('factor.factor')}</th>
            <th className="num">{t('factor.weight')}</th>
            <th className="num">{t('factor.value')}</th>
            <th>{t('factor.contribution')}</th>
            <th className="num">{t('factor.weighted')}</th>
          </tr>
        </thead>
        <tbody>
          {factors.map((f) => (
            <tr key={f.name} title={`${f.source}: ${f.detail}`}>
              <td>
                {factorLabel(f.name, t)}
                <div className="muted small">
                  {f.source}: {f.unit}
                </div>
              </td>
              <td className="num">{format.percent(f.weight)}</td>
              <td className="num">{format.number(f.value, 2)}</td>
              <td>
                <ProgressBar ratio={f.contribution} label={t('factor.contributionOf', { name: factorLabel(f.name, t) })} />
              </td>
              <td className="num">{format.number(f.weighted, 3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
