import type { AppDatabase } from '../../../db/database.js';
import { type HotTopic, type HotTopicsPage, type HotTopicsQuery, TOPIC_URGENCIES } from '../../../../shared/api/sales/hot-topics.schemas.js';
import { conferenceTopics, evergreenTopics, newsTopics, researchTopics } from './content-topics.sources.js';
import { readHotTopicContent } from './hot-topics.content.js';
import { alertEvidenceSince, alertGroupsSince, newsSince, priceChangeEvidenceSince, priceChangeGroupsSince } from './hot-topics.repository.js';
import { DAY_MS, marketWindow, NEWS_MAX_AGE_DAYS } from './hot-topics.rules.js';
import { hypeTransitionTopics } from './hype-topics.source.js';
import { competitorAlertTopics, MAX_EVIDENCE, priceMovementTopics } from './market-topics.sources.js';

export interface HotTopicDeps {
  db: AppDatabase;
  /** Where resources/ lives (the curated conference calendar and research trends). */
  resourcesDir: string;
}

/**
 * All topics from the seven sources, most urgent first, then nearest in time to now. The blog engine of a later
 * issue calls this directly; GET /api/hot-topics filters and pages it.
 */
export async function discoverHotTopics(deps: HotTopicDeps, nowMs: number, signal?: AbortSignal): Promise<HotTopic[]> {
  const window = marketWindow(nowMs);
  // Each step is a statement; a caller that is gone stops the rest.
  const step = async <T>(read: () => Promise<T>): Promise<T> => {
    signal?.throwIfAborted();
    return read();
  };
  const priceGroups = await step(() => priceChangeGroupsSince(deps.db, window.sinceIso));
  const priceEvidence = await step(() => priceChangeEvidenceSince(deps.db, window.sinceIso, MAX_EVIDENCE));
  const alertGroups = await step(() => alertGroupsSince(deps.db, window));
  const alertEvidence = await step(() => alertEvidenceSince(deps.db, window.sinceIso, MAX_EVIDENCE));
  const news = await step(() => newsSince(deps.db, new Date(nowMs - NEWS_MAX_AGE_DAYS * DAY_MS).toISOString()));
  const content = readHotTopicContent(deps.resourcesDir);
  const topics = [
    ...priceMovementTopics(priceGroups, priceEvidence, nowMs),
    ...competitorAlertTopics(alertGroups, alertEvidence),
    ...(await step(() => hypeTransitionTopics(deps.db, nowMs))),
    ...newsTopics(news, nowMs),
    ...conferenceTopics(content.conferences, nowMs),
    ...researchTopics(content.trends, alertGroups, alertEvidence, priceGroups),
    ...evergreenTopics(),
  ];
  const rank = (t: HotTopic) => TOPIC_URGENCIES.indexOf(t.urgency);
  const distance = (t: HotTopic) => (t.at === null ? Number.POSITIVE_INFINITY : Math.abs(nowMs - Date.parse(t.at)));
  return topics.sort((a, b) => rank(a) - rank(b) || distance(a) - distance(b) || a.id.localeCompare(b.id));
}

/** GET /api/hot-topics: filtered by source and topic type, counted per urgency, then filtered by urgency and paged. */
export async function getHotTopics(deps: HotTopicDeps, nowMs: number, query: HotTopicsQuery, signal?: AbortSignal): Promise<HotTopicsPage> {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const topics = (await discoverHotTopics(deps, nowMs, signal)).filter(
    (t) => (query.source === undefined || t.source === query.source) && (query.topic_type === undefined || t.topic_type === query.topic_type),
  );
  const counts = { BREAKING: 0, HOT: 0, TRENDING: 0, EMERGING: 0 };
  for (const t of topics) counts[t.urgency] += 1;
  const matching = query.urgency === undefined ? topics : topics.filter((t) => t.urgency === query.urgency);
  return { as_of: new Date(nowMs).toISOString(), total: matching.length, limit, offset, counts, items: matching.slice(offset, offset + limit) };
}
