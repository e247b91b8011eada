/** The six vector collections (spec: "Vector collections and embeddings"); the dashboard offers each as a filter. */
export const COLLECTIONS = [
  'product_embeddings',
  'datasheet_chunks',
  'faq_embeddings',
  'troubleshooting_embeddings',
  'news_embeddings',
  'manual_chunks',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** The longest search text the service accepts; the dashboard's search boxes stop there too. */
export const SEARCH_QUERY_MAX_CHARS = 500;

export function isCollectionName(value: string): value is CollectionName {
  return (COLLECTIONS as readonly string[]).includes(value);
}
