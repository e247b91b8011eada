import type { AppDatabase } from '../../db/database.js';
import { asRowViewer } from '../../db/row-viewer.js';
import { tablesOf } from '../../db/tables/all-tables.js';
import { type TableDeclaration, writableColumns } from '../../db/tables/table-spec.js';
import { AppError, ConflictError } from '../../errors.js';
import {
  countRows,
  deferForeignKeys,
  foreignKeyParents,
  identityColumns,
  insertRows,
  resetIdentity,
  type Row,
  streamRows,
  tableHasRows,
} from './database-copy.repository.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at the widest table (32 written columns). */
const CHUNK_ROWS = 1000;
/** A chunk is written early once its text passes this size (datasheets carry their HTML and PDF). */
const CHUNK_CHARS = 16 * 1024 * 1024;
/** The migrator's ledger: each database keeps its own. */
const LEDGER = 'schema_migrations';

export interface CopyProgress {
  table: string;
  /** Rows copied so far, over all tables. */
  copied: number;
  total: number;
}

export interface CopyReport {
  tables: Array<{ table: string; rows: number }>;
  rows: number;
}

/** The target already holds data: a copy only fills an empty database. */
export class TargetNotEmptyError extends ConflictError {}

/** A statement of the copy failed (a value the target refuses, a lost connection): the target was rolled back. */
export class CopyFailedError extends AppError {
  constructor(message: string, options: { cause: unknown }) {
    super(500, 'Copy Failed', message);
    this.cause = options.cause;
  }
}

/** The tables both engines have, parents before the tables that reference them. */
export function copyOrder(tables: readonly TableDeclaration[], parents: Map<string, string[]>): TableDeclaration[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableDeclaration[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    const declaration = byName.get(name);
    if (!declaration || ordered.includes(declaration)) return;
    if (visiting.has(name)) throw new Error(`foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    visiting.delete(name);
    ordered.push(declaration);
  };
  for (const table of tables) visit(table.name);
  return ordered;
}

function copiedTables(): TableDeclaration[] {
  return tablesOf('sqlite').filter((t) => t.kind === 'table' && t.engines.includes('postgres') && t.name !== LEDGER);
}

async function refuseUnlessEmpty(target: AppDatabase, tables: readonly TableDeclaration[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) if (await tableHasRows(target, table.name)) filled.push(table.name);
  if (filled.length > 0) {
    throw new TargetNotEmptyError(
      `The target database already holds data (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', ...' : ''}): copy-database fills an empty database only, and nothing was written.`,
    );
  }
}

function textLength(row: Row): number {
  let chars = 0;
  for (const value of Object.values(row)) if (typeof value === 'string') chars += value.length;
  return chars;
}

async function copyTable(source: AppDatabase, target: AppDatabase, table: TableDeclaration, onRows: (rows: number) => void): Promise<number> {
  let chunk: Row[] = [];
  let chars = 0;
  let copied = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await insertRows(target, table.name, chunk);
    copied += chunk.length;
    onRows(chunk.length);
    chunk = [];
    chars = 0;
  };
  // Generated columns are computed again by the target.
  for await (const row of streamRows(source, table.name, writableColumns(table))) {
    chunk.push(row);
    chars += textLength(row);
    if (chunk.length >= CHUNK_ROWS || chars >= CHUNK_CHARS) await flush();
  }
  await flush();
  return copied;
}

/**
 * Copies every table of the laptop's database (`source`, SQLite) into a migrated, empty PostgreSQL database
 * (`target`) in one transaction on each side: the source is read as one snapshot, and the target ends with all rows
 * or, after any failure (or a killed process), as it was. Tables go parents first; identity columns continue after
 * the largest copied key, and the target's planner statistics are refreshed. The vector indexes are derived data and are not copied: the service rebuilds them from the
 * database on its first start.
 */
export async function copyDatabase(
  source: AppDatabase,
  target: AppDatabase,
  onProgress: (progress: CopyProgress) => void = () => undefined,
): Promise<CopyReport> {
  const tables = copyOrder(copiedTables(), await foreignKeyParents(target));
  let current = '';
  let report: CopyReport;
  try {
    report = await copyInTransactions(source, target, tables, (progress) => {
      current = progress.table;
      onProgress(progress);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new CopyFailedError(`The copy failed at table ${current} and was rolled back, so the target database is as it was: ${(error as Error).message}`, {
      cause: error,
    });
  }
  await target.refreshPlannerStatistics();
  return report;
}

async function copyInTransactions(
  source: AppDatabase,
  target: AppDatabase,
  tables: readonly TableDeclaration[],
  onProgress: (progress: CopyProgress) => void,
): Promise<CopyReport> {
  // The target's internal demand rows are guarded by row-level security; the copy is the service's own work on every row.
  return source.transaction((src) =>
    asRowViewer(target, 'service', async (dst) => {
      await refuseUnlessEmpty(dst, tables);
      await deferForeignKeys(dst);
      const counts = new Map<string, number>();
      for (const table of tables) counts.set(table.name, await countRows(src, table.name));
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const report: CopyReport = { tables: [], rows: 0 };
      for (const table of tables) {
        onProgress({ table: table.name, copied: report.rows, total });
        const rows = await copyTable(src, dst, table, (n) => onProgress({ table: table.name, copied: (report.rows += n), total }));
        report.tables.push({ table: table.name, rows });
      }
      for (const { table, column } of await identityColumns(dst)) await resetIdentity(dst, table, column);
      return report;
    }),
  );
}
