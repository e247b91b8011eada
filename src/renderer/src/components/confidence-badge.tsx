import { StatusBadge } from './status-badge.js';

const TONES: Record<string, 'good' | 'warn' | 'neutral'> = { vendor_verified: 'good', enriched_estimated: 'neutral', scraped_unverified: 'warn' };

export function ConfidenceBadge({ value }: { value: string }) {
  return <StatusBadge tone={TONES[value] ?? 'neutral'}>{value.replace('_', ' ')}</StatusBadge>;
}
