import type { HotTopic, TopicEvidence, TopicType } from '../../../../shared/api/sales/hot-topics.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import type { AlertEvidenceRow, PriceChangeEvidenceRow } from './hot-topics.repository.js';
import { ageDays, alertGroupUrgency, priceMovementUrgency } from './hot-topics.rules.js';

export const MAX_EVIDENCE = 10;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** Source "price movements": competitor price changes of the last 30 days per speed class (rows newest first). */
export function priceMovementTopics(changes: readonly PriceChangeEvidenceRow[], nowMs: number): HotTopic[] {
  return [...groupBy(changes, (c) => c.speed_gbps)].map(([speed, rows]) => {
    const mean = Math.round((rows.reduce((sum, r) => sum + r.change_pct, 0) / rows.length) * 10) / 10;
    const newest = rows[0]!;
    const shops = new Set(rows.map((r) => r.vendor_name)).size;
    const { urgency, rule } = priceMovementUrgency(mean, rows.length, ageDays(nowMs, newest.changed_at));
    const direction = mean < 0 ? 'fall' : mean > 0 ? 'rise' : 'move';
    const label = formatSpeed(speed);
    return {
      id: `price_movements:${label}`,
      source: 'price_movements',
      urgency,
      urgency_rule: rule,
      topic_type: 'comparison',
      title: `${label} competitor prices ${direction} ${Math.abs(mean)}% on average`,
      summary: `${rows.length} competitor price change${rows.length === 1 ? '' : 's'} on ${label} optics at ${shops} shop${shops === 1 ? '' : 's'} in the last 30 days (mean ${mean}%), the newest on ${newest.changed_at.slice(0, 10)}: a moment to compare compatible and original-vendor prices.`,
      keywords: [label, 'price', 'compatible optics'],
      at: newest.changed_at,
      evidence: rows.slice(0, MAX_EVIDENCE).map((r): TopicEvidence => ({
        kind: 'price_change',
        id: String(r.id),
        label: `${r.vendor_name} ${r.part_number}: ${r.old_price} -> ${r.new_price} ${r.currency} (${r.change_pct}%)`,
        at: r.changed_at,
        url: null,
        api_path: `/api/transceivers/${r.slug}`,
      })),
    };
  });
}

const ALERT_TOPIC: Record<string, { type: TopicType; title: (speed: string) => string }> = {
  price_change: { type: 'comparison', title: (speed) => `Competitors re-price ${speed} optics` },
  new_product: { type: 'new_product', title: (speed) => `New ${speed} products from competitors` },
  stock_change: { type: 'comparison', title: (speed) => `Competitor stock moves on ${speed} optics` },
};

/** Source "competitor alerts": alerts of the last 30 days per kind and speed (rows newest first). */
export function competitorAlertTopics(alerts: readonly AlertEvidenceRow[], nowMs: number): HotTopic[] {
  return [...groupBy(alerts, (a) => `${a.kind}|${a.speed_gbps ?? ''}`)].map(([, rows]) => {
    const first = rows[0]!;
    const speed = first.speed_gbps === null ? 'unclassified' : formatSpeed(first.speed_gbps);
    const { urgency, rule } = alertGroupUrgency(rows.map((r) => ({ severity: r.severity, ageDays: ageDays(nowMs, r.created_at) })));
    const spec = ALERT_TOPIC[first.kind]!;
    const query = `?kind=${first.kind}${first.speed_gbps === null ? '' : `&speed=${encodeURIComponent(speed)}`}`;
    return {
      id: `competitor_alerts:${first.kind}:${speed}`,
      source: 'competitor_alerts',
      urgency,
      urgency_rule: rule,
      topic_type: spec.type,
      title: spec.title(speed),
      summary: `${rows.length} competitor alert${rows.length === 1 ? '' : 's'} (${first.kind.replace('_', ' ')}) in the last 30 days, the newest: ${first.title}.`,
      keywords: [speed, first.kind.replace('_', ' '), 'competitors'],
      at: first.created_at,
      evidence: rows.slice(0, MAX_EVIDENCE).map((r): TopicEvidence => ({
        kind: 'competitor_alert',
        id: String(r.id),
        label: `${r.severity}: ${r.title}`,
        at: r.created_at,
        url: null,
        api_path: `/api/competitor-alerts${query}`,
      })),
    };
  });
}
