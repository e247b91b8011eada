import { AsyncView } from '../components/async-view.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { FactorTable } from './factor-table.js';
import { ModelFitNote } from './model-fit-note.js';

/** GET /api/hype-cycle/:tech: the phase, the composite score and where each factor came from. */
export function TechnologyDetailPanel({ name }: { name: string }) {
  const { state, reload } = useApiQuery({ path: '/api/hype-cycle/:tech', params: { tech: name } });
  const { t, format } = useI18n();
  return (
    <AsyncView state={state} what={t('detail.what', { name })} onRetry={reload}>
      {(detail) => (
        <div className="stack">
          <p className="headline">
            <strong>{detail.phase}</strong>
            <span className="muted">
              {' '}
              {t('detail.headline', {
                score: format.number(detail.score, 2),
                adopted: format.percent(detail.adoption_share_now),
                peak: format.year(detail.peak_year),
              })}
            </span>
          </p>
          <p>{detail.description}</p>
          <FactorTable factors={detail.factors} />
          <p className="muted small">
            {t('detail.standard', {
              name: detail.standard.name ?? '—',
              stage: detail.standard.year !== null ? `${detail.standard.stage}, ${detail.standard.year}` : detail.standard.stage,
            })}{' '}
            <ModelFitNote model={detail.model} />
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
