import { integer, table, type TableRow, type TablesOf, text } from './table-spec.js';

/** Generated product datasheets (migrations/009_generated_datasheets.sql; owned by features/sales/datasheets). */
export const generatedDatasheetsTable = table('generated_datasheets', {
  kind: text<'transceiver' | 'switch'>(),
  product_id: text(),
  input_hash: text(),
  generator_version: integer(),
  datasheet_json: text(),
  html: text(),
  pdf_base64: text().orNull(),
  generated_at: text(),
});

export const DATASHEET_TABLES = [generatedDatasheetsTable] as const;

export type GeneratedDatasheetsTable = TableRow<typeof generatedDatasheetsTable>;
export type DatasheetTables = TablesOf<typeof DATASHEET_TABLES>;
