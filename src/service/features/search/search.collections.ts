/** The six vector collections of semantic search, one per kind of searchable record. */
export const COLLECTIONS = [
  'product_embeddings',
  'datasheet_chunks',
  'faq_embeddings',
  'troubleshooting_embeddings',
  'news_embeddings',
  'manual_chunks',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

export const DOCUMENT_COLLECTIONS: CollectionName[] = ['datasheet_chunks', 'manual_chunks'];

export function isCollectionName(value: string): value is CollectionName {
  return (COLLECTIONS as readonly string[]).includes(value);
}
