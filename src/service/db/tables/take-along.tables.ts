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

/** The pull under way, one row per kind of pull (migration 029): taken, renewed and released by its holder. */
export const takeAlongClaimsTable = table('take_along_claims', {
  name: text(),
  holder: text(),
  /** The holder's machine and process id: a claim whose process is gone from this machine is taken over at once. */
  host: text(),
  pid: integer(),
  from_url: text(),
  /** ISO-8601 UTC, like claimed_until, which a claim lapses at. */
  started_at: text(),
  claimed_until: text(),
});

export const TAKE_ALONG_TABLES = [takeAlongPagesTable, takeAlongClaimsTable] as const;

export type TakeAlongTables = TablesOf<typeof TAKE_ALONG_TABLES>;
