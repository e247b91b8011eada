import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { NewsArticle, NewsListQuery } from '../../../shared/api/news.schemas.js';

type NewsTables = {
  news_articles: {
    id: string;
    title: string;
    summary: string;
    url: string | null;
    source: string;
    published_at: string;
    tags: string;
    is_seed: number;
  };
};

/** News articles, newest first; q is a plain substring filter (LIKE with its wildcards escaped). */
export async function listNews(db: AppDatabase, query: NewsListQuery): Promise<{ total: number; items: NewsArticle[] }> {
  const k = db.kysely.withTables<NewsTables>();
  let base = k.selectFrom('news_articles');
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
