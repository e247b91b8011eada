/**
 * The closed lists of competitor alerts and hot topics, for the schemas and the dashboard alike (no TypeBox here,
 * so the renderer can import the values without pulling the schema library into its bundle).
 */
export const ALERT_KINDS = ['price_change', 'new_product', 'stock_change'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const TOPIC_SOURCES = [
  'price_movements',
  'competitor_alerts',
  'hype_cycle_transitions',
  'news_articles',
  'conference_calendar',
  'research_trends',
  'evergreen_topics',
] as const;
export type TopicSource = (typeof TOPIC_SOURCES)[number];

/** A hot topic's id: its source and its key within that source, e.g. "evergreen_topics:sr4-vs-dr4". */
export function hotTopicId(source: TopicSource, key: string): string {
  return `${source}:${key}`;
}

/**
 * The hot-topic id the API reference and the generate_blog tool give as an example: an evergreen topic, so it exists
 * on every installation (a test holds it against GET /api/hot-topics and POST /api/blog/generate).
 */
export const EXAMPLE_HOT_TOPIC_ID = hotTopicId('evergreen_topics', 'sr4-vs-dr4');

/** Most pressing first: the order hot topics are sorted in. */
export const TOPIC_URGENCIES = ['BREAKING', 'HOT', 'TRENDING', 'EMERGING'] as const;
export type TopicUrgency = (typeof TOPIC_URGENCIES)[number];

/** The blog engine's topic types. */
export const TOPIC_TYPES = ['hype_cycle', 'comparison', 'new_product', 'tutorial'] as const;
export type TopicType = (typeof TOPIC_TYPES)[number];

export const EVIDENCE_KINDS = ['price_change', 'competitor_alert', 'technology', 'news_article', 'conference', 'research_trend', 'evergreen'] as const;
