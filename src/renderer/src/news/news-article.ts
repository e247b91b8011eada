import type { NewsPage } from '../../../shared/api/news.schemas.js';
import type { SearchHit } from '../../../shared/api/search.schemas.js';

/** A news hit's record (news_articles row) in the fields the list shows. */
export interface NewsArticle {
  id: string;
  title: string;
  summary: string;
  url: string | null;
  source: string;
  published_at: string;
  tags: string[];
  /** Relevance, for search hits only. */
  score?: number;
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((t): t is string => typeof t === 'string');
  if (typeof value === 'string') {
    try {
      return tagsOf(JSON.parse(value) as unknown);
    } catch {
      return [];
    }
  }
  return [];
}

export function toArticle(hit: SearchHit): NewsArticle {
  const r = hit.record;
  const url = text(r.url);
  return {
    id: hit.id,
    title: text(r.title, hit.title),
    summary: text(r.summary, hit.snippet),
    url: url.startsWith('https://') ? url : null,
    source: text(r.source),
    published_at: text(r.published_at),
    tags: tagsOf(r.tags),
    score: hit.score,
  };
}

/** Newest first; ISO dates (2025-06 or 2025-06-12) compare correctly as text. */
export function newestFirst(articles: NewsArticle[]): NewsArticle[] {
  return [...articles].sort((a, b) => b.published_at.localeCompare(a.published_at) || (b.score ?? 0) - (a.score ?? 0));
}

/** GET /api/news item: an article without a relevance score, marked when it came with the seed. */
export type NewsRow = NewsPage['items'][number];

export function fromNewsRow(row: NewsRow): NewsArticle {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    url: row.url?.startsWith('https://') ? row.url : null,
    source: row.source,
    published_at: row.published_at,
    tags: row.tags,
  };
}
