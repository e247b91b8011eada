import type { DataConfidence } from '../../../shared/vocabulary/catalogue.vocabulary.js';
import { StatusBadge } from './status-badge.js';

const TONES: Record<DataConfidence, 'good' | 'warn' | 'neutral'> = { vendor_verified: 'good', enriched_estimated: 'neutral', scraped_unverified: 'warn' };

export function ConfidenceBadge({ value }: { value: DataConfidence }) {
  return <StatusBadge tone={TONES[value]}>{value.replace('_', ' ')}</StatusBadge>;
}
