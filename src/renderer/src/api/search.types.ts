/** Shapes of the search API's answers (src/service/features/search/search.schemas.ts). */
export const COLLECTIONS = ['product_embeddings', 'datasheet_chunks', 'faq_embeddings', 'troubleshooting_embeddings', 'news_embeddings', 'manual_chunks'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

export interface SearchHit {
  collection: string;
  id: string;
  score: number;
  title: string;
  snippet: string;
  record: Record<string, unknown>;
}

export interface SearchResponse {
  query: string;
  provider: string;
  model: string;
  took_ms: number;
  index_complete: boolean;
  incomplete_collections: string[];
  notice?: string;
  hits: SearchHit[];
}

export interface CollectionStats {
  name: string;
  count: number;
  source_count: number;
  dimension: number;
  provider: string;
  model: string;
  built_at: string | null;
  build_ms: number;
  size_bytes: number;
  complete: boolean;
  progress: { state: 'idle' | 'building'; done: number; total: number; percent: number };
}

export interface SearchStats {
  provider: string;
  model: string;
  dimension: number;
  complete: boolean;
  collections: CollectionStats[];
}
