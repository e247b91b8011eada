import { createHash } from 'node:crypto';
import type { AppDatabase } from '../../db/database.js';
import type { JobProgress } from '../../scheduler/scheduler.js';
import { type FetchedArticle, fetchFeed } from './news.feeds.js';
import type { NewsConfig } from './news.config.js';
import { insertFetchedNews, type NewArticle, storedNewsKeys } from './news.repository.js';

export interface NewsAggregatorDeps {
  db: AppDatabase;
  news: NewsConfig;
  userAgent: string;
  now: () => number;
  /** Re-embeds news_embeddings after new articles are stored; absent where no search engine runs (the CLI). */
  reindex?: () => Promise<void>;
}

/**
 * One run of the news job: reads every configured feed, drops what is already stored (same link, or same title
 * from another source), stores the rest, and re-embeds the news collection so semantic search finds them. A feed
 * that fails is counted and reported; the others still run, and what was stored stays stored.
 */
export async function aggregateNews(deps: NewsAggregatorDeps, signal: AbortSignal, progress: JobProgress): Promise<string> {
  if (deps.news.feeds.length === 0) return 'No feeds configured (NEWS_FEEDS): nothing to read';
  const seen = new Set<string>();
  for (const { url, title } of await storedNewsKeys(deps.db)) {
    if (url) seen.add(linkKey(url));
    seen.add(titleKey(title));
  }
  let added = 0;
  for (const feed of deps.news.feeds) {
    if (signal.aborted) break;
    let fetched: FetchedArticle[];
    try {
      fetched = await fetchFeed({ url: feed, userAgent: deps.userAgent, timeoutMs: deps.news.feedTimeoutMs, signal, now: deps.now });
    } catch (error) {
      progress.error((error as Error).message);
      continue;
    }
    progress.page();
    const fresh: NewArticle[] = [];
    for (const article of fetched) {
      const keys = [titleKey(article.title), ...(article.url ? [linkKey(article.url)] : [])];
      if (keys.some((key) => seen.has(key))) continue;
      for (const key of keys) seen.add(key);
      fresh.push({ ...article, id: articleId(article) });
    }
    const stored = await insertFetchedNews(deps.db, fresh);
    progress.item(stored);
    added += stored;
  }
  if (added > 0 && deps.reindex) await deps.reindex();
  return `${added} new article(s) from ${deps.news.feeds.length} feed(s)`;
}

/** The same story linked with tracking parameters, a fragment, another scheme or a trailing slash is one link. */
export function linkKey(url: string): string {
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) if (/^(utm_|fbclid|gclid|mc_)/i.test(name)) u.searchParams.delete(name);
    const query = u.searchParams.toString();
    return `link:${u.hostname.toLowerCase().replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}${query ? `?${query}` : ''}`;
  } catch {
    return `link:${url.trim().toLowerCase()}`;
  }
}

/** Titles differing only in case, punctuation or spacing are one story (syndicated copies). */
export function titleKey(title: string): string {
  return `title:${title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()}`;
}

function articleId(article: FetchedArticle): string {
  const key = article.url ? linkKey(article.url) : titleKey(article.title);
  return `feed-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}
