import { integer, real, table, type TableRow, type TablesOf, text } from './table-spec.js';

/**
 * News articles (created by migrations/004_search.sql). Owned by features/news, whose repository is the public read
 * API (the forecast reads media sentiment through it); search indexes them and seeds them.
 */
export const newsArticlesTable = table('news_articles', {
  id: text(),
  title: text(),
  summary: text(),
  url: text().orNull(),
  source: text(),
  published_at: text(),
  /** JSON array of lower-case topic tags. */
  tags: text().defaulted(),
  /** -1 (negative) .. +1 (positive). */
  sentiment: real().defaulted(),
  is_seed: integer().defaulted(),
  created_at: text().defaulted(),
  updated_at: text().defaulted(),
});

export const NEWS_TABLES = [newsArticlesTable] as const;

export type NewsArticlesTable = TableRow<typeof newsArticlesTable>;
export type NewsTables = TablesOf<typeof NEWS_TABLES>;
