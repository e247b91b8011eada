import { computedValue, type TableRow, type TablesOf, virtualTable } from './table-spec.js';

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

/** Everything migrations/012_catalogue_text_index.sql creates. */
export const CATALOGUE_TEXT_TABLES = [transceiverTextIndexTable] as const;

export type CatalogueTextTables = TablesOf<typeof CATALOGUE_TEXT_TABLES>;
export type TransceiverTextIndexTable = TableRow<typeof transceiverTextIndexTable>;
