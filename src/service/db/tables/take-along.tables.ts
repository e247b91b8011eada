import { integer, table, type TablesOf, text } from './table-spec.js';

/** The pages of a team snapshot a laptop is pulling (migrations 025; owned by features/take-along). */
export const takeAlongPagesTable = table('take_along_pages', {
  table_name: text(),
  page: integer(),
  /** JSON array of rows, each an array of cells in the manifest's column order. */
  rows: text(),
  row_count: integer(),
  /** Where the next page starts; NULL once this page ended its table. */
  next_cursor: text().orNull(),
});

export const TAKE_ALONG_TABLES = [takeAlongPagesTable] as const;

export type TakeAlongTables = TablesOf<typeof TAKE_ALONG_TABLES>;
