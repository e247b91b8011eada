import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import { cachedStatement } from '../../../db/statement-cache.js';
import { transceiversTable, type TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import { transceiverListRevisionTable } from '../../../db/tables/catalogue-revision.tables.js';
import { ROW_CACHE, type RowCache } from './transceiver-list.cache.js';

export type TransceiverRow = Selectable<TransceiversTable> & { vendor_name: string; vendor_kind: 'operator' | 'oem' | 'competitor' };

/** The row's fields in select order: every declared column of transceivers, then the vendor's name and kind. */
const ROW_COLUMNS = Object.keys(transceiversTable.columns);
const ROW_FIELDS = [...ROW_COLUMNS, 'vendor_name', 'vendor_kind'];
const ROW_SELECT = [...ROW_COLUMNS.map((c) => `t.${c}`), 'v.name AS vendor_name', 'v.kind AS vendor_kind'].join(', ');

/**
 * The rows at the given rowids, in the order given (a JSON array; json_each drives the loop and finds each row by its
 * rowid), each followed by its rowid. Read as arrays: better-sqlite3 builds a row object through the engine's slow
 * property API, column by column, and arrays plus the loop in toRow cost about two thirds as much.
 */
const ROWS_BY_ROWID = `SELECT ${ROW_SELECT}, t.rowid FROM json_each(?) AS j CROSS JOIN transceivers AS t ON t.rowid = j.value
  JOIN vendors AS v ON v.id = t.vendor_id ORDER BY j.key`;

const REVISION = `SELECT revision FROM ${transceiverListRevisionTable.name} WHERE id = 1`;

/** Rows are kept only from pages of the list (at most 500 rows): a whole-catalogue CSV export would just flush them. */
const MAX_KEPT_PAGE = 500;

function toRow(values: unknown[]): TransceiverRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < ROW_FIELDS.length; i++) row[ROW_FIELDS[i]!] = values[i];
  return row as TransceiverRow;
}

/** The list's revision (migrations/017_transceiver_list_revision.sql), read inside the caller's read transaction. */
export function listRevision(db: AppDatabase): number | undefined {
  const value = cachedStatement(db, REVISION, 'pluck').get();
  return typeof value === 'number' ? value : undefined;
}

function readRows(db: AppDatabase, rowids: ArrayLike<number>): Array<{ rowid: number; row: TransceiverRow }> {
  const values = cachedStatement(db, ROWS_BY_ROWID, 'raw').all(JSON.stringify(Array.from(rowids))) as unknown[][];
  return values.map((v) => ({ rowid: v[ROW_FIELDS.length] as number, row: toRow(v) }));
}

/**
 * The rows at these rowids, in this order. With a revision (read in the same transaction) rows kept from an earlier
 * read at that same revision are reused and only the others are read; the rows returned are then shared, read-only.
 */
export function rowsAt(db: AppDatabase, rowids: ArrayLike<number>, revision: number | undefined): TransceiverRow[] {
  if (rowids.length === 0) return [];
  if (revision === undefined || rowids.length > MAX_KEPT_PAGE) return readRows(db, rowids).map((r) => r.row);
  const cache = db.local(ROW_CACHE) as RowCache<TransceiverRow>;
  const rows: Array<TransceiverRow | undefined> = [];
  const missing: number[] = [];
  for (let i = 0; i < rowids.length; i++) {
    const row = cache.get(rowids[i]!, revision);
    rows.push(row);
    if (row === undefined) missing.push(rowids[i]!);
  }
  if (missing.length === 0) return rows as TransceiverRow[];
  const read = new Map<number, TransceiverRow>();
  for (const { rowid, row } of readRows(db, missing)) {
    cache.set(rowid, revision, row);
    read.set(rowid, row);
  }
  const all: TransceiverRow[] = [];
  for (let i = 0; i < rowids.length; i++) {
    const row = rows[i] ?? read.get(rowids[i]!);
    if (row !== undefined) all.push(row);
  }
  return all;
}
