import { blob, integer, real, table, type TablesOf, text } from './table-spec.js';

/** Search content and vector-collection builds (migrations/004_search.sql; owned by features/search). */
export const faqEntriesTable = table('faq_entries', {
  id: text(),
  question: text(),
  answer: text(),
  category: text(),
  tags: text().defaulted(),
  is_seed: integer().defaulted(),
  created_at: text().defaulted(),
  updated_at: text().defaulted(),
});

export const troubleshootingGuidesTable = table('troubleshooting_guides', {
  id: text(),
  title: text(),
  symptom: text(),
  causes: text().defaulted(),
  steps: text().defaulted(),
  applies_to: text().defaulted(),
  is_seed: integer().defaulted(),
  created_at: text().defaulted(),
  updated_at: text().defaulted(),
});

export const datasheetChunksTable = table('datasheet_chunks', {
  id: text(),
  datasheet: text(),
  datasheet_title: text(),
  part_number: text(),
  form_factor: text(),
  speed_gbps: real(),
  chunk_index: integer(),
  section: text(),
  content: text(),
  is_seed: integer().defaulted(),
  created_at: text().defaulted(),
  updated_at: text().defaulted(),
});

/** The last build of each vector collection (the index files record the same). */
export const vectorCollectionsTable = table('vector_collections', {
  name: text(),
  provider: text(),
  model: text(),
  dimension: integer(),
  item_count: integer(),
  built_at: text().orNull(),
  build_ms: integer().defaulted(),
  source_fingerprint: text().orNull(),
  updated_at: text().defaulted(),
});

/** One vector per collection item and model, computed once and read by every service process (migrations/023). */
export const storedEmbeddingsTable = table('stored_embeddings', {
  collection: text(),
  item_id: text(),
  provider: text(),
  model: text(),
  version: text(),
  text_hash: text(),
  vector: blob(),
  payload: text().orNull(),
});

/** Per collection: the change sequence processes follow, and the claim of the process embedding for it. */
export const embeddingChangesTable = table('embedding_changes', {
  collection: text(),
  seq: integer().defaulted(),
  claimed_by: text().orNull(),
  claimed_until: text().orNull(),
});

export const SEARCH_TABLES = [
  faqEntriesTable,
  troubleshootingGuidesTable,
  datasheetChunksTable,
  vectorCollectionsTable,
  storedEmbeddingsTable,
  embeddingChangesTable,
] as const;

export type SearchTables = TablesOf<typeof SEARCH_TABLES>;
