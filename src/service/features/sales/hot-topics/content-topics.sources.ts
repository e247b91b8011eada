import type { HotTopic, TopicType } from '../../../../shared/api/sales/hot-topics.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import { hotTopicId } from '../../../../shared/vocabulary/sales-alerts.vocabulary.js';
import { EVERGREEN_TOPICS } from './evergreen.topics.js';
import type { ConferenceSeries, ResearchTrend } from './hot-topics.content.js';
import type { AlertEvidenceRow, AlertGroupRow, NewsEvidenceRow, PriceChangeGroupRow } from './hot-topics.repository.js';
import { ageDays, conferenceUrgency, DAY_MS, evergreenUrgency, newsUrgency, researchUrgency } from './hot-topics.rules.js';

/** "2025-06" (month precision, as the seeded news carry) -> "2025-06-01". */
export function normaliseDate(value: string): string {
  return /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
}

/** A standard moves adoption; a product or chip is a launch; a deal changes whom to compare; the rest explains. */
export function newsTopicType(tags: readonly string[]): TopicType {
  if (tags.includes('standard') || tags.includes('msa')) return 'hype_cycle';
  if (tags.some((t) => ['switch', 'switch-asic', 'cpo', 'lpo', 'product', 'launch'].includes(t))) return 'new_product';
  if (tags.includes('acquisition') || tags.includes('industry')) return 'comparison';
  return 'tutorial';
}

export function newsTopics(articles: readonly NewsEvidenceRow[], nowMs: number): HotTopic[] {
  return articles.flatMap((a): HotTopic[] => {
    const at = normaliseDate(a.published_at);
    const verdict = newsUrgency(ageDays(nowMs, at), a.sentiment);
    if (!verdict) return [];
    const tags = JSON.parse(a.tags) as string[];
    return [
      {
        id: `news_articles:${a.id}`,
        source: 'news_articles',
        urgency: verdict.urgency,
        urgency_rule: verdict.rule,
        topic_type: newsTopicType(tags),
        title: a.title,
        summary: a.summary,
        keywords: tags,
        at,
        evidence: [{ kind: 'news_article', id: a.id, label: `${a.source}, ${a.published_at}`, at, url: a.url, api_path: null }],
      },
    ];
  });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The next edition of a series: a listed one that has not ended, else the usual month projected, marked approximate. */
export function nextEdition(
  series: ConferenceSeries,
  nowMs: number,
): { year: number; start: string; end: string; place: string; source: string; approximate: boolean } {
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const listed = [...series.editions].sort((a, b) => a.start.localeCompare(b.start)).find((e) => e.end >= today);
  if (listed) return { ...listed, approximate: false };
  const now = new Date(nowMs);
  let year = now.getUTCFullYear();
  const monthEnd = (y: number) => new Date(Date.UTC(y, series.usual_month, 0)).toISOString().slice(0, 10);
  if (monthEnd(year) < today) year += 1;
  const start = new Date(Date.UTC(year, series.usual_month - 1, 1)).toISOString().slice(0, 10);
  return { year, start, end: monthEnd(year), place: series.usual_place, source: series.url, approximate: true };
}

export function conferenceTopics(series: readonly ConferenceSeries[], nowMs: number): HotTopic[] {
  return series.flatMap((s): HotTopic[] => {
    const edition = nextEdition(s, nowMs);
    const daysToStart = (Date.parse(edition.start) - nowMs) / DAY_MS;
    const daysToEnd = (Date.parse(edition.end) + DAY_MS - nowMs) / DAY_MS;
    const verdict = conferenceUrgency(daysToStart, daysToEnd, edition.approximate);
    if (!verdict) return [];
    const when = edition.approximate
      ? `usually held in ${MONTHS[s.usual_month - 1]} (${s.usual_place}); the exact ${edition.year} dates are not in the calendar, see ${s.url}`
      : `${edition.start} to ${edition.end} in ${edition.place}`;
    return [
      {
        id: `conference_calendar:${s.id}-${edition.year}`,
        source: 'conference_calendar',
        urgency: verdict.urgency,
        urgency_rule: verdict.rule,
        topic_type: 'new_product',
        title: `${s.name} ${edition.year}: what to expect`,
        summary: `${s.name}, organised by ${s.organisers}: ${when}. Vendors time launches for it.`,
        keywords: s.tags,
        at: edition.start,
        evidence: [
          {
            kind: 'conference',
            id: `${s.id}-${edition.year}`,
            label: `${s.name} ${edition.year}${edition.approximate ? ' (approximate date)' : ''}`,
            at: edition.start,
            url: edition.source,
            api_path: null,
          },
        ],
      },
    ];
  });
}

/** Research trends, lifted by the competitor alerts and price changes at their speed (the database's counts). */
export function researchTopics(
  trends: readonly ResearchTrend[],
  alertGroups: readonly AlertGroupRow[],
  alertEvidence: readonly AlertEvidenceRow[],
  priceGroups: readonly PriceChangeGroupRow[],
): HotTopic[] {
  return trends.map((trend): HotTopic => {
    const atSpeed = <T extends { speed_gbps: number | null }>(rows: readonly T[]) =>
      trend.speed_gbps === null ? [] : rows.filter((r) => r.speed_gbps === trend.speed_gbps);
    const sum = (values: readonly unknown[]) => values.reduce<number>((total, v) => total + Number(v), 0);
    const groups = atSpeed(alertGroups);
    // Each group's evidence holds its newest alerts, so the newest at the speed are among them (rows newest first).
    const recent = atSpeed(alertEvidence);
    const { urgency, rule } = researchUrgency({
      alertsLastWeek: sum(groups.map((g) => g.within_hot)),
      alertsLastMonth: sum(groups.map((g) => g.alerts)),
      priceChangesLastMonth: sum(atSpeed(priceGroups).map((g) => g.changes)),
    });
    return {
      id: `research_trends:${trend.id}`,
      source: 'research_trends',
      urgency,
      urgency_rule: rule,
      topic_type: trend.topic_type,
      title: trend.title,
      summary: trend.summary,
      keywords: trend.speed_gbps === null ? trend.tags : [formatSpeed(trend.speed_gbps), ...trend.tags],
      at: recent[0]?.created_at ?? null,
      evidence: [
        { kind: 'research_trend', id: trend.id, label: trend.source_name, at: null, url: trend.source_url, api_path: null },
        ...recent.slice(0, 5).map((a) => ({
          kind: 'competitor_alert' as const,
          id: String(a.id),
          label: `${a.severity}: ${a.title}`,
          at: a.created_at,
          url: null,
          api_path: `/api/competitor-alerts?speed=${formatSpeed(trend.speed_gbps ?? 0)}`,
        })),
      ],
    };
  });
}

export function evergreenTopics(): HotTopic[] {
  const { urgency, rule } = evergreenUrgency();
  return EVERGREEN_TOPICS.map((t) => ({
    id: hotTopicId('evergreen_topics', t.id),
    source: 'evergreen_topics',
    urgency,
    urgency_rule: rule,
    topic_type: t.topic_type,
    title: t.title,
    summary: t.summary,
    keywords: t.keywords,
    at: null,
    evidence: [{ kind: 'evergreen', id: t.id, label: 'evergreen topic list', at: null, url: null, api_path: null }],
  }));
}
