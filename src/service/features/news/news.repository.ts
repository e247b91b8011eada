import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { NewsTables } from '../../db/tables/news.tables.js';
import type { NewsArticle, NewsListQuery } from '../../../shared/api/news.schemas.js';

/** The only SQL on news_articles: the forecast (media sentiment) and the search seed content go through here. */
const k = (db: AppDatabase) => db.kysely.withTables<NewsTables>();

/** News articles, newest first; q is a plain substring filter (LIKE with its wildcards escaped). */
export async function listNews(db: AppDatabase, query: NewsListQuery): Promise<{ total: number; items: NewsArticle[] }> {
  let base = k(db).selectFrom('news_articles');
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`(lower(title) LIKE ${pattern} ESCAPE '\\' OR lower(summary) LIKE ${pattern} ESCAPE '\\')`);
  }
  if (query.tag) base = base.where(sql<boolean>`EXISTS (SELECT 1 FROM json_each(news_articles.tags) WHERE value = ${query.tag})`);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'title', 'summary', 'url', 'source', 'published_at', 'tags', 'is_seed'])
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const items = rows.map((row) => ({ ...row, tags: JSON.parse(row.tags) as string[], is_seed: row.is_seed === 1 }));
  return { total: Number(counted.n), items };
}

/** Sentiment and date of the articles since `sinceIso` carrying any of `tags`, oldest first. */
export async function newsSentimentFor(db: AppDatabase, tags: string[], sinceIso: string): Promise<Array<{ sentiment: number; published_at: string }>> {
  if (tags.length === 0) return [];
  return k(db)
    .selectFrom('news_articles')
    .select(['news_articles.sentiment', 'news_articles.published_at'])
    .where('news_articles.published_at', '>=', sinceIso)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom(sql<{ value: string }>`json_each(news_articles.tags)`.as('tag'))
          .select(sql`1`.as('one'))
          .where(sql.ref('tag.value'), 'in', tags),
      ),
    )
    .orderBy('news_articles.published_at')
    .execute();
}

/**
 * Adds the seed data set's articles that are not stored yet (a row a user has since edited is never overwritten);
 * returns how many were new. Synchronous, so it joins the caller's better-sqlite3 transaction.
 */
/** A seed article as the news table stores it (the search feature reads and validates the seed files). */
export interface SeedArticle {
  id: string;
  title: string;
  summary: string;
  url: string;
  source: string;
  published_at: string;
  tags: readonly string[];
  sentiment: number;
}

export function insertSeedNews(db: AppDatabase, news: readonly SeedArticle[]): number {
  const insert = db.sqlite.prepare(
    'INSERT OR IGNORE INTO news_articles (id, title, summary, url, source, published_at, tags, sentiment, is_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)',
  );
  let added = 0;
  for (const n of news) added += insert.run(n.id, n.title, n.summary, n.url, n.source, n.published_at, JSON.stringify(n.tags), n.sentiment).changes;
  return added;
}

/** A fetched article ready to store; id and the de-duplication keys are the aggregator's. */
export interface NewArticle {
  id: string;
  title: string;
  summary: string;
  url: string | null;
  source: string;
  published_at: string;
  tags: readonly string[];
}

/** Links and titles already stored, for de-duplication (a few thousand rows at most: read whole). */
export function storedNewsKeys(db: AppDatabase): Array<{ url: string | null; title: string }> {
  return db.sqlite.prepare('SELECT url, title FROM news_articles').all() as Array<{ url: string | null; title: string }>;
}

/**
 * Stores fetched articles in one transaction (all or none of one run's batch); sentiment stays neutral (0) because
 * no sentiment model runs offline. Returns how many rows were new (an id seen before is skipped).
 */
export function insertFetchedNews(db: AppDatabase, articles: readonly NewArticle[]): number {
  const insert = db.sqlite.prepare(
    'INSERT OR IGNORE INTO news_articles (id, title, summary, url, source, published_at, tags, sentiment, is_seed) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)',
  );
  return db.sqlite.transaction(() => {
    let added = 0;
    for (const a of articles) added += insert.run(a.id, a.title, a.summary, a.url, a.source, a.published_at, JSON.stringify(a.tags)).changes;
    return added;
  })();
}
