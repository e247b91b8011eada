import { type Kysely, sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import type { TakeAlongTables } from '../../db/tables/take-along.tables.js';
import { inSlices } from '../../db/statement-slices.js';
import type { RequestViewer } from '../auth/index.js';
import { readDemand, visibleDemand } from '../catalogue/index.js';
import { snapshotColumns, type SnapshotTable } from './snapshot.tables.js';

/**
 * The statements of "take along". The snapshot's tables are named by their declarations (snapshot.tables.ts), not
 * known to Kysely's types here, so they are reached through an untyped view of the same connection; internal
 * demand is always read through visibleDemand, which leaves out is_internal rows for an anonymous viewer.
 */
type AnyTables = Record<string, Record<string, unknown>>;

/**
 * Rows per INSERT when a snapshot is written: a product row also writes the text index and the family index through
 * triggers, so statements stay small and the event loop turns often between them.
 */
const SNAPSHOT_ROWS_PER_INSERT = 100;
export type Cell = string | number | null;

const untyped = (db: AppDatabase) => db.kysely as unknown as Kysely<AnyTables>;
/** The feature's own tables: the kept pages and the pull's claim. */
const pages = (db: AppDatabase) => db.kysely.withTables<TakeAlongTables>();

function rowsOf(db: AppDatabase, table: SnapshotTable, viewer: RequestViewer) {
  if (table.secured) return visibleDemand(db.kysely.withTables<CatalogueTables>(), viewer) as unknown as ReturnType<Kysely<AnyTables>['selectFrom']>;
  return untyped(db).selectFrom(table.declaration.name);
}

/** Runs `fn` as the viewer where the table is row-level secured (PostgreSQL's policies then show it its rows). */
function asViewer<T>(db: AppDatabase, table: SnapshotTable, viewer: RequestViewer, fn: (tx: AppDatabase) => Promise<T>): Promise<T> {
  return table.secured ? readDemand(db, viewer, fn) : fn(db);
}

/** Rows of the table the viewer may read. */
export async function countSnapshotRows(db: AppDatabase, table: SnapshotTable, viewer: RequestViewer): Promise<number> {
  const row = await asViewer(db, table, viewer, (tx) =>
    rowsOf(tx, table, viewer)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

/** Up to `limit` rows in key order after the key `after` (from the start without it), each as cells in column order. */
export async function readSnapshotRows(
  db: AppDatabase,
  table: SnapshotTable,
  viewer: RequestViewer,
  after: readonly Cell[] | undefined,
  limit: number,
): Promise<Cell[][]> {
  const columns = snapshotColumns(table);
  const keys = sql.join(table.key.map((column) => sql.ref(column)));
  const rows = await asViewer(db, table, viewer, (tx) => {
    let query = rowsOf(tx, table, viewer).select(columns);
    // A row value comparison walks the primary key's index on both engines.
    if (after) query = query.where(sql<boolean>`(${keys}) > (${sql.join(after.map((value) => sql.val(value)))})`);
    for (const column of table.key) query = query.orderBy(sql.ref(column));
    return query.limit(limit).execute();
  });
  return rows.map((row) => columns.map((column) => (row[column] ?? null) as Cell));
}

/** The latest migration the database has applied. */
export async function latestMigration(db: AppDatabase): Promise<number> {
  const row = await db.kysely
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export interface StoredTablePages {
  table_name: string;
  pages: number;
  rows: number;
  /** The last page's next cursor: null once the table is complete. */
  next_cursor: string | null;
}

/** Per table: the pages a pull has kept so far, the rows in them, and where it continues. */
export async function storedPages(db: AppDatabase): Promise<StoredTablePages[]> {
  const counts = await pages(db)
    .selectFrom('take_along_pages')
    .select((eb) => ['table_name', eb.fn.max('page').as('pages'), eb.fn.sum<number>('row_count').as('rows')])
    .groupBy('table_name')
    .execute();
  const result: StoredTablePages[] = [];
  for (const count of counts) {
    const last = await pages(db)
      .selectFrom('take_along_pages')
      .select('next_cursor')
      .where('table_name', '=', count.table_name)
      .where('page', '=', count.pages)
      .executeTakeFirstOrThrow();
    result.push({ table_name: count.table_name, pages: Number(count.pages), rows: Number(count.rows), next_cursor: last.next_cursor });
  }
  return result;
}

/** Keeps one page as it arrived; one statement, so a page is there whole or not at all. */
export async function storePage(db: AppDatabase, page: { table: string; page: number; rows: Cell[][]; next: string | null }): Promise<void> {
  await pages(db)
    .insertInto('take_along_pages')
    .values({ table_name: page.table, page: page.page, rows: JSON.stringify(page.rows), row_count: page.rows.length, next_cursor: page.next })
    .execute();
}

export async function deletePages(db: AppDatabase): Promise<void> {
  await pages(db).deleteFrom('take_along_pages').execute();
}

/**
 * The laptop's SQLite file: checks every foreign key when the transaction commits instead of per statement, so a
 * table that references itself (form factors' supersedes) fills in key order.
 */
export async function deferForeignKeys(db: AppDatabase): Promise<void> {
  await sql`PRAGMA defer_foreign_keys = ON`.execute(db.kysely);
}

export async function emptyTable(db: AppDatabase, table: SnapshotTable): Promise<void> {
  await untyped(db).deleteFrom(table.declaration.name).execute();
}

/**
 * Writes a table's kept pages, in page order, one page in memory at a time; `between` runs after each statement (the
 * caller lets the event loop turn there: the SQLite driver's statements are synchronous).
 */
export async function fillTableFromPages(db: AppDatabase, table: SnapshotTable, columns: readonly string[], between: () => Promise<void>): Promise<number> {
  const name = table.declaration.name;
  const numbers = await pages(db).selectFrom('take_along_pages').select('page').where('table_name', '=', name).orderBy('page').execute();
  let written = 0;
  for (const { page } of numbers) {
    const stored = await pages(db)
      .selectFrom('take_along_pages')
      .select('rows')
      .where('table_name', '=', name)
      .where('page', '=', page)
      .executeTakeFirstOrThrow();
    const rows = (JSON.parse(stored.rows) as Cell[][]).map((cells) => Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? null])));
    for (const slice of inSlices(rows, SNAPSHOT_ROWS_PER_INSERT)) {
      await untyped(db).insertInto(name).values(slice).execute();
      await between();
    }
    written += rows.length;
  }
  // The snapshot names the ids of these rows; rows the laptop adds later are numbered after them.
  if (table.declaration.columns.id?.write === 'defaulted') {
    const continueIds = db.dialect.continueGeneratedIds(name, 'id');
    if (continueIds) await continueIds.execute(db.kysely);
  }
  return written;
}

export async function readSettingValue(db: AppDatabase, key: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSettingValue(db: AppDatabase, key: string, value: string): Promise<void> {
  await db.kysely
    .insertInto('app_settings')
    .values({ key, value, updated_at: db.dialect.nowIso() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: db.dialect.nowIso() }))
    .execute();
}

export async function deleteSetting(db: AppDatabase, key: string): Promise<void> {
  await db.kysely.deleteFrom('app_settings').where('key', '=', key).execute();
}

export interface PullClaim {
  holder: string;
  host: string;
  pid: number;
  from_url: string;
  started_at: string;
  claimed_until: string;
}

const PULL_CLAIM = 'pull';

/**
 * Takes the pull's claim for `claim.holder` when nobody holds it, its holder let it lapse (ISO-8601 times compare as
 * text) or is `gone`; one statement, so two processes asking at once cannot both get it. Returns the claim that holds now.
 */
export async function takePullClaim(db: AppDatabase, claim: PullClaim, now: string, gone?: string): Promise<PullClaim> {
  await pages(db)
    .insertInto('take_along_claims')
    .values({ name: PULL_CLAIM, ...claim })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet(claim)
        .where((eb) =>
          eb.or([
            eb('take_along_claims.claimed_until', '<', now),
            eb('take_along_claims.holder', '=', claim.holder),
            ...(gone === undefined ? [] : [eb('take_along_claims.holder', '=', gone)]),
          ]),
        ),
    )
    .execute();
  return (await readPullClaim(db)) ?? claim;
}

export async function readPullClaim(db: AppDatabase): Promise<PullClaim | undefined> {
  return pages(db)
    .selectFrom('take_along_claims')
    .select(['holder', 'host', 'pid', 'from_url', 'started_at', 'claimed_until'])
    .where('name', '=', PULL_CLAIM)
    .executeTakeFirst();
}

/** Moves the claim's lapse time on; false when `holder` no longer holds it. */
export async function renewPullClaim(db: AppDatabase, holder: string, until: string): Promise<boolean> {
  const result = await pages(db)
    .updateTable('take_along_claims')
    .set({ claimed_until: until })
    .where('name', '=', PULL_CLAIM)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releasePullClaim(db: AppDatabase, holder: string): Promise<void> {
  await pages(db).deleteFrom('take_along_claims').where('name', '=', PULL_CLAIM).where('holder', '=', holder).execute();
}
