import type { CollectionName } from '../../../shared/vocabulary/search.vocabulary.js';

export const COLLECTION_LABELS: Record<CollectionName, string> = {
  product_embeddings: 'Products',
  datasheet_chunks: 'Datasheets',
  faq_embeddings: 'FAQ',
  troubleshooting_embeddings: 'Troubleshooting',
  news_embeddings: 'News',
  manual_chunks: 'Manuals',
};

export function collectionLabel(name: string): string {
  return (COLLECTION_LABELS as Record<string, string>)[name] ?? name;
}
