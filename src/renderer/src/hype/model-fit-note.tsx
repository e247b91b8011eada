import type { HypeCycleDetail } from '../../../shared/api/forecast/forecast.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';

/**
 * The model line of the technology detail: the Bass parameters and, when a fit ran, its R² qualified by what the
 * fitted points are, so an R² over estimated points (derived from Bass shapes) never reads as evidence.
 */
export function ModelFitNote({ model }: { model: HypeCycleDetail['model'] }) {
  const { t, format } = useI18n();
  const r2 = model.r2 === null ? '' : format.number(model.r2, 3);
  const fit = model.r2 === null ? '' : model.points_kind === 'published' ? t('fit.r2Published', { r2 }) : t('fit.r2Estimates', { r2 });
  return (
    <span data-testid="model-fit-note">
      {t('fit.model', { method: model.method, p: format.number(model.p, 4), q: format.number(model.q, 3), m: format.number(model.m, 1) })}
      {fit}. {model.reason}. {t(`fit.points.${model.points_kind}`)}
    </span>
  );
}
