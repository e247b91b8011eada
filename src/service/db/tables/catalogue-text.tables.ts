import { computedValue, type TableRow, type TablesOf, virtualTable } from './table-spec.js';

/**
 * Owner: catalogue (transceivers repository). SQLite only, migrations/sqlite/020_engine_indexes.sql: the trigram index
 * behind the text query `q` of GET /api/transceivers, holding lower() of each field. Contentless: a MATCH yields rowids
 * of transceivers only; triggers on transceivers write it, nothing else does. PostgreSQL answers `q` from the trigram
 * index transceivers_text_trgm on the transceivers table itself (migrations/postgres/020_baseline.sql).
 */
export const transceiverTextIndexTable = virtualTable('transceiver_text_index', {
  part_number: computedValue<string>(),
  name: computedValue<string>(),
  form_factor: computedValue<string>(),
  standard: computedValue<string | null>(),
  platform_coding: computedValue<string | null>(),
});

/** Everything migrations/sqlite/020_engine_indexes.sql creates. */
export const CATALOGUE_TEXT_TABLES = [transceiverTextIndexTable] as const;

export type CatalogueTextTables = TablesOf<typeof CATALOGUE_TEXT_TABLES>;
export type TransceiverTextIndexTable = TableRow<typeof transceiverTextIndexTable>;
