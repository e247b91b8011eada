import { integer, type TableRow, type TablesOf, table } from './table-spec.js';

/**
 * Owner: catalogue (transceivers list). migrations/017_transceiver_list_revision.sql: one row whose revision every write
 * to transceivers or vendors raises (triggers, inside the writer's transaction); what the list keeps from a read is
 * valid only at the revision it was read under.
 */
export const transceiverListRevisionTable = table('transceiver_list_revision', {
  id: integer().defaulted(),
  revision: integer(),
});

/** Everything migrations/017_transceiver_list_revision.sql creates. */
export const CATALOGUE_REVISION_TABLES = [transceiverListRevisionTable] as const;

export type CatalogueRevisionTables = TablesOf<typeof CATALOGUE_REVISION_TABLES>;
export type TransceiverListRevisionTable = TableRow<typeof transceiverListRevisionTable>;
