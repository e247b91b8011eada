import { integer, real, table, type TableRow, text } from './table-spec.js';

/** Internal demand per SKU (migrations/002_catalogue.sql; owned by features/catalogue/demand). */
export const demandTable = table('internal_demand', {
  sku: text(),
  description: text(),
  transceiver_id: text().orNull(),
  form_factor: text().orNull(),
  speed_gbps: real().orNull(),
  velocity_class: text(),
  has_demand_data: integer().defaulted(),
  units_12m: integer().orNull(),
  run_rate_30d: real().orNull(),
  run_rate_90d: real().orNull(),
  run_rate_365d: real().orNull(),
  stock_de: integer().orNull(),
  /** Visible only through authenticated requests (row-level security in the repositories). */
  is_internal: integer().defaulted(),
  updated_at: text(),
});

export type InternalDemandTable = TableRow<typeof demandTable>;
