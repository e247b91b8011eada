import { type ConfigProblems, type Env, readInteger, readList } from '../../config-parsers.js';

export interface NewsConfig {
  /** NEWS_FEEDS: RSS or Atom feed URLs the news job reads every 6 hours (none by default: the seed's articles stand). */
  feeds: string[];
  /** NEWS_FEED_TIMEOUT_MS: a feed that has not answered in full by then is given up for this run. */
  feedTimeoutMs: number;
}

export function readNewsConfig(env: Env, problems: ConfigProblems): NewsConfig {
  const feeds = readList(env, 'NEWS_FEEDS');
  for (const feed of feeds) {
    let protocol = '';
    try {
      protocol = new URL(feed).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'http:' && protocol !== 'https:') problems.add('NEWS_FEEDS', `"${feed}" is not an http(s) URL (separate feeds with commas)`);
  }
  return { feeds, feedTimeoutMs: readInteger(env, problems, 'NEWS_FEED_TIMEOUT_MS', 15_000, { min: 100, max: 600_000 }) };
}
