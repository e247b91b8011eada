import type { DataConfidence } from '../../../shared/vocabulary/catalogue.vocabulary.js';
import { useI18n } from '../i18n/use-i18n.js';
import { StatusBadge } from './status-badge.js';

const TONES: Record<DataConfidence, 'good' | 'warn' | 'neutral'> = { vendor_verified: 'good', enriched_estimated: 'neutral', scraped_unverified: 'warn' };

export function ConfidenceBadge({ value }: { value: DataConfidence }) {
  const { t } = useI18n();
  return <StatusBadge tone={TONES[value]}>{t(`confidence.${value}`)}</StatusBadge>;
}
