import type { TopicUrgency } from '../../../../shared/api/sales/hot-topics.schemas.js';

/**
 * The urgency rules of the hot-topic sources, one function per source, each returning the urgency and the rule in
 * words (shown with the topic), or null when the signal is no topic at all. docs/sales-alerts.md lists them; every
 * threshold is a named constant here so the documentation and the tests refer to the same numbers.
 */

export const DAY_MS = 86_400_000;

export interface Verdict {
  urgency: TopicUrgency;
  rule: string;
}

const verdict = (urgency: TopicUrgency, rule: string): Verdict => ({ urgency, rule });

/** Age in days of an ISO time relative to now (negative for the future). */
export function ageDays(nowMs: number, iso: string): number {
  return (nowMs - Date.parse(iso)) / DAY_MS;
}

/** Market windows: what counts as "just now", "this week" and "this month". */
export const BREAKING_DAYS = 2;
export const HOT_DAYS = 7;
export const WINDOW_DAYS = 30;

/** Price movements: the mean change of a speed class's competitor price changes in the last 30 days. */
export const PRICE_BREAKING_PCT = 10;
export const PRICE_HOT_PCT = 5;
export const PRICE_TRENDING_CHANGES = 3;

export function priceMovementUrgency(meanPct: number, changes: number, newestAgeDays: number): Verdict {
  const size = Math.abs(meanPct);
  if (size >= PRICE_BREAKING_PCT && newestAgeDays <= BREAKING_DAYS && changes >= PRICE_TRENDING_CHANGES)
    return verdict('BREAKING', `mean move of ${PRICE_BREAKING_PCT}% or more over ${PRICE_TRENDING_CHANGES}+ changes, the newest within ${BREAKING_DAYS} days`);
  if (size >= PRICE_HOT_PCT && newestAgeDays <= HOT_DAYS)
    return verdict('HOT', `mean move of ${PRICE_HOT_PCT}% or more, the newest change within ${HOT_DAYS} days`);
  if (changes >= PRICE_TRENDING_CHANGES) return verdict('TRENDING', `${PRICE_TRENDING_CHANGES} or more competitor price changes within ${WINDOW_DAYS} days`);
  return verdict('EMERGING', `fewer than ${PRICE_TRENDING_CHANGES} competitor price changes within ${WINDOW_DAYS} days`);
}

/**
 * Competitor alerts of one kind and speed in the last 30 days: the most severe and the newest decide. The counts are
 * of the group's critical alerts within BREAKING_DAYS, its warning or critical ones within HOT_DAYS, and all of its
 * alerts within HOT_DAYS (the database counts them; `marketWindow` gives the marks).
 */
export function alertGroupUrgency(counts: { criticalBreaking: number; severeHot: number; withinHot: number }): Verdict {
  if (counts.criticalBreaking > 0) return verdict('BREAKING', `a critical alert within ${BREAKING_DAYS} days`);
  if (counts.severeHot > 0) return verdict('HOT', `a warning or critical alert within ${HOT_DAYS} days`);
  if (counts.withinHot > 0) return verdict('TRENDING', `alerts within ${HOT_DAYS} days`);
  return verdict('EMERGING', `alerts within ${WINDOW_DAYS} days, none in the last ${HOT_DAYS}`);
}

/** The marks the market sources count against: the 30-day window's start, BREAKING_DAYS ago and HOT_DAYS ago. */
export function marketWindow(nowMs: number): { sinceIso: string; breakingSinceIso: string; hotSinceIso: string } {
  const ago = (days: number) => new Date(nowMs - days * DAY_MS).toISOString();
  return { sinceIso: ago(WINDOW_DAYS), breakingSinceIso: ago(BREAKING_DAYS), hotSinceIso: ago(HOT_DAYS) };
}

/** Hype-cycle transitions: the model's phase now against 30 and 90 days ago, and how far into its phase it is. */
export const HYPE_RECENT_DAYS = 30;
export const HYPE_TRENDING_DAYS = 90;
export const HYPE_NEAR_NEXT_PROGRESS = 0.85;

export function hypeTransitionUrgency(
  phaseNow: number,
  phase30DaysAgo: number,
  phase90DaysAgo: number,
  progressInPhase: number,
  lastPhase: number,
): Verdict | null {
  if (phaseNow !== phase30DaysAgo) return verdict('HOT', `changed phase within ${HYPE_RECENT_DAYS} days`);
  if (phaseNow !== phase90DaysAgo) return verdict('TRENDING', `changed phase within ${HYPE_TRENDING_DAYS} days`);
  if (phaseNow < lastPhase && progressInPhase >= HYPE_NEAR_NEXT_PROGRESS)
    return verdict('EMERGING', `${Math.round(HYPE_NEAR_NEXT_PROGRESS * 100)}% or more through its phase: the next phase is near`);
  return null;
}

/** News: by age; a strongly worded article (|sentiment| >= 0.5) of the last two days is breaking. */
export const NEWS_MAX_AGE_DAYS = 730;
export const NEWS_BREAKING_SENTIMENT = 0.5;

export function newsUrgency(ageInDays: number, sentiment: number): Verdict | null {
  if (ageInDays > NEWS_MAX_AGE_DAYS || ageInDays < -1) return null;
  if (ageInDays <= BREAKING_DAYS && Math.abs(sentiment) >= NEWS_BREAKING_SENTIMENT)
    return verdict('BREAKING', `published within ${BREAKING_DAYS} days with strong sentiment (|s| >= ${NEWS_BREAKING_SENTIMENT})`);
  if (ageInDays <= HOT_DAYS) return verdict('HOT', `published within ${HOT_DAYS} days`);
  if (ageInDays <= WINDOW_DAYS) return verdict('TRENDING', `published within ${WINDOW_DAYS} days`);
  return verdict('EMERGING', `published within ${NEWS_MAX_AGE_DAYS} days`);
}

/** Conferences: a planned event is never breaking; its dates decide, and an approximate date is never above TRENDING. */
export const CONFERENCE_HOT_DAYS = 14;
export const CONFERENCE_TRENDING_DAYS = 45;
export const CONFERENCE_HORIZON_DAYS = 120;

export function conferenceUrgency(daysToStart: number, daysToEnd: number, approximate: boolean): Verdict | null {
  if (daysToEnd < 0 || daysToStart > CONFERENCE_HORIZON_DAYS) return null;
  if (!approximate && daysToStart <= 0) return verdict('HOT', 'taking place now');
  if (!approximate && daysToStart <= CONFERENCE_HOT_DAYS) return verdict('HOT', `starts within ${CONFERENCE_HOT_DAYS} days`);
  if (daysToStart <= CONFERENCE_TRENDING_DAYS)
    return verdict('TRENDING', `starts within ${CONFERENCE_TRENDING_DAYS} days${approximate ? ' (approximate date)' : ''}`);
  return verdict('EMERGING', `starts within ${CONFERENCE_HORIZON_DAYS} days${approximate ? ' (approximate date)' : ''}`);
}

/** Research trends: long-term by nature; the catalogue's own activity at the trend's speed lifts them. */
export const RESEARCH_HOT_ALERTS = 3;
export const RESEARCH_TRENDING_CHANGES = 5;

export function researchUrgency(activity: { alertsLastWeek: number; alertsLastMonth: number; priceChangesLastMonth: number }): Verdict {
  if (activity.alertsLastWeek >= RESEARCH_HOT_ALERTS)
    return verdict('HOT', `${RESEARCH_HOT_ALERTS} or more competitor alerts at its speed within ${HOT_DAYS} days`);
  if (activity.alertsLastMonth >= 1 || activity.priceChangesLastMonth >= RESEARCH_TRENDING_CHANGES)
    return verdict('TRENDING', `competitor alerts or ${RESEARCH_TRENDING_CHANGES}+ price changes at its speed within ${WINDOW_DAYS} days`);
  return verdict('EMERGING', 'a research or standards trend without market activity at its speed yet');
}

/** Evergreen topics never expire and never press. */
export function evergreenUrgency(): Verdict {
  return verdict('EMERGING', 'evergreen: always relevant, never urgent');
}
