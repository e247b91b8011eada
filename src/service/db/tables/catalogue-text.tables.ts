import { computedValue, type TableRow, type TablesOf, virtualTable } from './table-spec.js';

/**
 * Owner: catalogue (the text query). migrations/sqlite/020_engine_indexes.sql (SQLite only): the trigram index behind
 * the text query `q` of GET /api/transceivers, holding lower() of each field. Contentless: a MATCH yields rowids of
 * transceivers only; triggers on transceivers write it, nothing else does. PostgreSQL indexes the same fields with a
 * trigram index on transceivers itself.
 */
export const transceiverTextIndexTable = virtualTable('transceiver_text_index', {
  part_number: computedValue<string>(),
  name: computedValue<string>(),
  form_factor: computedValue<string>(),
  standard: computedValue<string | null>(),
  platform_coding: computedValue<string | null>(),
});

/** Everything the catalogue's text index adds on SQLite. */
export const CATALOGUE_TEXT_TABLES = [transceiverTextIndexTable] as const;

export type CatalogueTextTables = TablesOf<typeof CATALOGUE_TEXT_TABLES>;
export type TransceiverTextIndexTable = TableRow<typeof transceiverTextIndexTable>;
