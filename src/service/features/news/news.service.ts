import type { AppDatabase } from '../../db/database.js';
import { listNews } from './news.repository.js';
import type { NewsListQuery, NewsPage } from '../../../shared/api/news.schemas.js';

/** GET /api/news: every article, newest first (the dashboard's News tab; /search/news is the semantic search). */
export async function getNewsPage(db: AppDatabase, query: NewsListQuery): Promise<NewsPage> {
  return { ...(await listNews(db, query)), limit: query.limit, offset: query.offset };
}
