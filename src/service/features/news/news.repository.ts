import type { Insertable } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { NewsArticlesTable, NewsTables } from '../../db/tables/news.tables.js';
import type { NewsArticle, NewsListQuery } from '../../../shared/api/news.schemas.js';
import { inSlices, ROWS_PER_INSERT } from '../../db/statement-slices.js';

/** The only SQL on news_articles: the forecast (media sentiment) and the search seed content go through here. */
const k = (db: AppDatabase) => db.kysely.withTables<NewsTables>();

/** News articles, newest first; q is a plain substring filter (ignoring case, its wildcards meant literally). */
export async function listNews(db: AppDatabase, query: NewsListQuery): Promise<{ total: number; items: NewsArticle[] }> {
  let base = k(db).selectFrom('news_articles');
  const { q, tag } = query;
  if (q) base = base.where((eb) => eb.or([db.dialect.containsText(eb.ref('title'), q), db.dialect.containsText(eb.ref('summary'), q)]));
  if (tag) base = base.where((eb) => db.dialect.jsonArrayHasAny(eb.ref('news_articles.tags'), [tag]));
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
    .where((eb) => db.dialect.jsonArrayHasAny(eb.ref('news_articles.tags'), tags))
    .orderBy('news_articles.published_at')
    .execute();
}

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

/** Inserts rows whose id is not stored yet (a stored row is never overwritten); returns how many were new. */
async function insertNew(db: AppDatabase, rows: Array<Insertable<NewsArticlesTable>>): Promise<number> {
  let added = 0;
  for (const slice of inSlices(rows, ROWS_PER_INSERT)) {
    const result = await k(db)
      .insertInto('news_articles')
      .values(slice)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/**
 * Adds the seed data set's articles that are not stored yet (a row a user has since edited is never overwritten);
 * returns how many were new. Pass the caller's transaction as `db` to make it part of a larger write.
 */
export function insertSeedNews(db: AppDatabase, news: readonly SeedArticle[]): Promise<number> {
  return insertNew(
    db,
    news.map((n) => ({
      id: n.id,
      title: n.title,
      summary: n.summary,
      url: n.url,
      source: n.source,
      published_at: n.published_at,
      tags: JSON.stringify(n.tags),
      sentiment: n.sentiment,
      is_seed: 1,
    })),
  );
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
export function storedNewsKeys(db: AppDatabase): Promise<Array<{ url: string | null; title: string }>> {
  return k(db).selectFrom('news_articles').select(['url', 'title']).execute();
}

/**
 * Stores fetched articles in one transaction (all or none of one run's batch); sentiment stays neutral (0) because
 * no sentiment model runs offline. Returns how many rows were new (an id seen before is skipped).
 */
export function insertFetchedNews(db: AppDatabase, articles: readonly NewArticle[]): Promise<number> {
  const rows = articles.map((a) => ({
    id: a.id,
    title: a.title,
    summary: a.summary,
    url: a.url,
    source: a.source,
    published_at: a.published_at,
    tags: JSON.stringify(a.tags),
    sentiment: 0,
    is_seed: 0,
  }));
  return db.transaction((tx) => insertNew(tx, rows));
}
