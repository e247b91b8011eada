import type { DataConfidence } from '../../../shared/vocabulary/catalogue.vocabulary.js';
import { useI18n } from '../i18n/use-i18n.js';
import { StatusBadge } from './status-badge.js';

const TONES: Record<DataConfidence, 'good' | 'warn' | 'neutral'> = { vendor_verified: 'good', enriched_estimated: 'neutral', scraped_unverified: 'warn' };

/** A generated demo row (provenance.demo) shows as demo data, never with its simulated confidence. */
export function ConfidenceBadge({ value, demo = false }: { value: DataConfidence; demo?: boolean }) {
  const { t } = useI18n();
  if (demo)
    return (
      <StatusBadge tone="neutral" data-status="demo">
        {t('demo.rowBadge')}
      </StatusBadge>
    );
  return <StatusBadge tone={TONES[value]}>{t(`confidence.${value}`)}</StatusBadge>;
}
