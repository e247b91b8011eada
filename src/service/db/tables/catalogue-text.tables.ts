import { computedValue, integer, type TableRow, type TablesOf, table, text, virtualTable } from './table-spec.js';

/**
 * Owner: catalogue (transceivers repository). migrations/012_catalogue_text_index.sql: the trigram index behind the
 * text query `q` of GET /api/transceivers, holding lower() of each field. Contentless: a MATCH yields rowids of
 * transceivers only; triggers on transceivers write it, nothing else does.
 */
export const transceiverTextIndexTable = virtualTable('transceiver_text_index', {
  part_number: computedValue<string>(),
  name: computedValue<string>(),
  form_factor: computedValue<string>(),
  standard: computedValue<string | null>(),
});

/**
 * Owner: catalogue (text index build). migrations/012 and 018: one row per index that a migration created empty and the
 * service fills in the background after the start; indexed_through is the highest rowid the index covers (the
 * largest rowid, 9223372036854775807, once complete), and the triggers keep rows up to it in step.
 */
export const derivedIndexBuildsTable = table('derived_index_builds', {
  name: text(),
  indexed_through: integer(),
  done: integer().defaulted(),
  completed_at: text().orNull(),
});

/** Everything migrations/012_catalogue_text_index.sql creates. */
export const CATALOGUE_TEXT_TABLES = [transceiverTextIndexTable, derivedIndexBuildsTable] as const;

export type CatalogueTextTables = TablesOf<typeof CATALOGUE_TEXT_TABLES>;
export type TransceiverTextIndexTable = TableRow<typeof transceiverTextIndexTable>;
export type DerivedIndexBuildsTable = TableRow<typeof derivedIndexBuildsTable>;
