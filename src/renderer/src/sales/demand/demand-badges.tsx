import { type ReorderUrgency, VELOCITY_CLASS_NAMES, type VelocityClassName } from '../../../../shared/vocabulary/demand.vocabulary.js';
import type { Translate } from '../../i18n/translate.js';
import { useI18n } from '../../i18n/use-i18n.js';

/** The class's label; a class name an import brought (outside the vocabulary) is shown as it is. */
export function velocityLabel(name: string, t: Translate): string {
  return (VELOCITY_CLASS_NAMES as readonly string[]).includes(name) ? t(`sales.demand.velocity.${name as VelocityClassName}`) : name;
}

const URGENCY_CLASS: Record<ReorderUrgency, string> = {
  critical: 'badge badge-bad',
  low: 'badge badge-warn',
  ok: 'badge badge-good',
  overstock: 'badge badge-neutral',
};

export function UrgencyBadge({ urgency }: { urgency: ReorderUrgency | null }) {
  const { t } = useI18n();
  if (urgency === null) return <span className="muted">{t('sales.demand.urgency.unassessed')}</span>;
  return (
    <span className={URGENCY_CLASS[urgency]} data-urgency={urgency}>
      {t(`sales.demand.urgency.${urgency}`)}
    </span>
  );
}

/** Momentum as "1.50×" with an arrow where demand clearly speeds up (> 1.2) or slows (< 0.8). */
export function Momentum({ ratio }: { ratio: number | null }) {
  const { t, format } = useI18n();
  if (ratio === null) return <span className="muted">—</span>;
  const arrow = ratio > 1.2 ? '▲ ' : ratio < 0.8 ? '▼ ' : '';
  const tone = ratio > 1.2 ? 'change-up' : ratio < 0.8 ? 'change-down' : undefined;
  return (
    <span className={tone} title={t('sales.demand.momentumTitle')}>
      {arrow}
      {format.number(ratio, 2)}×
    </span>
  );
}
