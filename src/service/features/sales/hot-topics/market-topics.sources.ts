import type { HotTopic, TopicEvidence, TopicType } from '../../../../shared/api/sales/hot-topics.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import type { AlertEvidenceRow, AlertGroupRow, PriceChangeEvidenceRow, PriceChangeGroupRow } from './hot-topics.repository.js';
import { ageDays, alertGroupUrgency, priceMovementUrgency } from './hot-topics.rules.js';

export const MAX_EVIDENCE = 10;

/** Rows grouped by a key in one pass, each group in the rows' order. */
export function groupRows<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Source "price movements": competitor price changes of the last 30 days per speed class, counted by the database,
 * with the newest changes of each speed (newest first) as evidence.
 */
export function priceMovementTopics(groups: readonly PriceChangeGroupRow[], evidence: readonly PriceChangeEvidenceRow[], nowMs: number): HotTopic[] {
  const evidenceOf = groupRows(evidence, (r) => r.speed_gbps);
  return groups.map((group) => {
    const speed = group.speed_gbps;
    const count = Number(group.changes);
    const mean = Math.round((Number(group.pct_sum) / count) * 10) / 10;
    const shops = Number(group.shops);
    const newestAt = String(group.newest_at);
    const rows = evidenceOf.get(speed) ?? [];
    const { urgency, rule } = priceMovementUrgency(mean, count, ageDays(nowMs, newestAt));
    const direction = mean < 0 ? 'fall' : mean > 0 ? 'rise' : 'move';
    const label = formatSpeed(speed);
    return {
      id: `price_movements:${label}`,
      source: 'price_movements',
      urgency,
      urgency_rule: rule,
      topic_type: 'comparison',
      title: `${label} competitor prices ${direction} ${Math.abs(mean)}% on average`,
      summary: `${count} competitor price change${count === 1 ? '' : 's'} on ${label} optics at ${shops} shop${shops === 1 ? '' : 's'} in the last 30 days (mean ${mean}%), the newest on ${newestAt.slice(0, 10)}: a moment to compare compatible and original-vendor prices.`,
      keywords: [label, 'price', 'compatible optics'],
      at: newestAt,
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

const alertGroupKey = (row: { kind: string; speed_gbps: number | null }) => `${row.kind}|${row.speed_gbps ?? ''}`;

/**
 * Source "competitor alerts": alerts of the last 30 days per kind and speed, counted by the database, with the newest
 * alerts of each group (newest first) as evidence.
 */
export function competitorAlertTopics(groups: readonly AlertGroupRow[], evidence: readonly AlertEvidenceRow[]): HotTopic[] {
  const evidenceOf = groupRows(evidence, alertGroupKey);
  return groups.flatMap((group): HotTopic[] => {
    const rows = evidenceOf.get(alertGroupKey(group)) ?? [];
    const first = rows[0];
    if (first === undefined) return [];
    const count = Number(group.alerts);
    const speed = group.speed_gbps === null ? 'unclassified' : formatSpeed(group.speed_gbps);
    const { urgency, rule } = alertGroupUrgency({
      criticalBreaking: Number(group.critical_breaking),
      severeHot: Number(group.severe_hot),
      withinHot: Number(group.within_hot),
    });
    const spec = ALERT_TOPIC[group.kind]!;
    const query = `?kind=${group.kind}${group.speed_gbps === null ? '' : `&speed=${encodeURIComponent(speed)}`}`;
    return [
      {
        id: `competitor_alerts:${group.kind}:${speed}`,
        source: 'competitor_alerts',
        urgency,
        urgency_rule: rule,
        topic_type: spec.type,
        title: spec.title(speed),
        summary: `${count} competitor alert${count === 1 ? '' : 's'} (${group.kind.replace('_', ' ')}) in the last 30 days, the newest: ${first.title}.`,
        keywords: [speed, group.kind.replace('_', ' '), 'competitors'],
        at: first.created_at,
        evidence: rows.slice(0, MAX_EVIDENCE).map((r): TopicEvidence => ({
          kind: 'competitor_alert',
          id: String(r.id),
          label: `${r.severity}: ${r.title}`,
          at: r.created_at,
          url: null,
          api_path: `/api/competitor-alerts${query}`,
        })),
      },
    ];
  });
}
