import type { SnapshotManifest, SnapshotPage, SnapshotPageQuery } from '../../../shared/api/take-along.schemas.js';
import type { AppDatabase } from '../../db/database.js';
import { InvalidError, NotFoundError } from '../../errors.js';
import type { RequestViewer } from '../auth/index.js';
import { isDemoData } from '../seed/index.js';
import { snapshotColumns, SNAPSHOT_TABLE_NAMES, SNAPSHOT_TABLES, snapshotTableNamed } from './snapshot.tables.js';
import { countSnapshotRows, latestMigration, readSnapshotRows } from './take-along.repository.js';
import { decodeCursor, encodeCursor } from './take-along.rules.js';

/**
 * The team server's side of "take along": what a snapshot holds, and its tables page by page in key order. Each
 * page is read on its own, so a pull that stops continues after the last key it kept; internal demand rows come
 * only to a viewer the auth hook authenticated with a token of the team password.
 */
export async function readSnapshotManifest(db: AppDatabase, viewer: RequestViewer, now: number): Promise<SnapshotManifest> {
  const tables = [];
  for (const table of SNAPSHOT_TABLES) {
    tables.push({ name: table.declaration.name, columns: snapshotColumns(table), rows: await countSnapshotRows(db, table, viewer) });
  }
  return {
    taken_at: new Date(now).toISOString(),
    schema_version: await latestMigration(db),
    internal_demand: viewer.authenticated,
    demo: await isDemoData(db),
    tables,
  };
}

export async function readSnapshotPage(db: AppDatabase, viewer: RequestViewer, name: string, query: SnapshotPageQuery): Promise<SnapshotPage> {
  const table = snapshotTableNamed(name);
  if (!table) throw new NotFoundError(`No snapshot table "${name}"; the tables are: ${SNAPSHOT_TABLE_NAMES.join(', ')}`);
  const after = query.after === undefined ? undefined : decodeCursor(query.after, table.key.length);
  if (query.after !== undefined && after === undefined)
    throw new InvalidError(`"after" is not a cursor of table ${name}: pass the "next" of its previous page`);
  const rows = await readSnapshotRows(db, table, viewer, after, query.limit);
  const last = rows.at(-1);
  const columns = snapshotColumns(table);
  const keyAt = table.key.map((column) => columns.indexOf(column));
  return {
    table: name,
    columns,
    rows,
    next: rows.length < query.limit || last === undefined ? null : encodeCursor(keyAt.map((i) => last[i] ?? null)),
  };
}
