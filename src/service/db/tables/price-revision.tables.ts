import { integer, type TableRow, type TablesOf, table } from './table-spec.js';

/**
 * Owner: catalogue (prices). migrations/019_price_observation_revision.sql: one row whose revision every write to
 * price_observations raises (triggers, inside the writer's transaction); the current prices the list keeps are valid
 * only at the revision they were read under.
 */
export const priceObservationRevisionTable = table('price_observation_revision', {
  id: integer().defaulted(),
  revision: integer(),
});

/** Everything migrations/019_price_observation_revision.sql creates. */
export const PRICE_REVISION_TABLES = [priceObservationRevisionTable] as const;

export type PriceRevisionTables = TablesOf<typeof PRICE_REVISION_TABLES>;
export type PriceObservationRevisionTable = TableRow<typeof priceObservationRevisionTable>;
