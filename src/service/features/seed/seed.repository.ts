import { type Kysely, sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import { asRowViewer } from '../../db/row-viewer.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import { SEED_TABLES, type SeedCell, type SeedTableFile, type SeedTableSpec } from './seed.tables.js';
import { IDS_PER_STATEMENT, inSlices, ROWS_PER_INSERT } from '../../db/statement-slices.js';

type Settings = Record<string, string>;

/** Table and column names come only from SEED_TABLES (constants), never from file contents; the rows are cells. */
type SeedRows = Kysely<Record<string, Record<string, SeedCell>>>;
const seedRows = (db: AppDatabase) => db.kysely as unknown as SeedRows;

function rowObjects(spec: SeedTableSpec, rows: SeedCell[][]): Array<Record<string, SeedCell>> {
  return rows.map((row) => Object.fromEntries(spec.columns.map((column, i) => [column, row[i] ?? null])));
}

/** Removes the rows of a table the data set does not hold: every row of a child table, the unknown keys of a parent. */
async function deleteRowsNotIn(tx: AppDatabase, spec: SeedTableSpec, file: SeedTableFile): Promise<void> {
  const k = seedRows(tx);
  if (!spec.key) {
    await k.deleteFrom(spec.table).execute();
    return;
  }
  const key = spec.key;
  const keyIndex = spec.columns.indexOf(key);
  const kept = new Set(file.rows.map((row) => row[keyIndex]));
  const stored = await k.selectFrom(spec.table).select(key).execute();
  const stale = stored.map((row) => row[key]).filter((value) => !kept.has(value ?? null));
  for (const slice of inSlices(stale, IDS_PER_STATEMENT)) await k.deleteFrom(spec.table).where(key, 'in', slice).execute();
}

/** Inserts a table's rows in chunks; a parent table's rows are upserted on their key (keepOnUpdate columns kept). */
async function insertRows(tx: AppDatabase, spec: SeedTableSpec, file: SeedTableFile): Promise<void> {
  const rows = rowObjects(spec, file.rows);
  const keep = new Set([spec.key, ...(spec.keepOnUpdate ?? [])]);
  const updates = Object.fromEntries(spec.columns.filter((c) => !keep.has(c)).map((c) => [c, sql<SeedCell>`excluded.${sql.ref(c)}`]));
  for (const slice of inSlices(rows, ROWS_PER_INSERT)) {
    const insert = seedRows(tx).insertInto(spec.table).values(slice);
    const key = spec.key;
    await (key ? insert.onConflict((oc) => oc.column(key).doUpdateSet(updates)) : insert).execute();
  }
  // The data set names the ids of these rows; new rows (a price recorded later) must be numbered after them.
  const continueIds = spec.generatedId ? tx.dialect.continueGeneratedIds(spec.table, spec.generatedId) : null;
  if (continueIds) await continueIds.execute(tx.kysely);
}

/**
 * Replaces the catalogue with the given files in ONE transaction: either the whole data set is in, or the
 * database is as before. Parent rows with a stable key (vendors, standards, form factors, transceivers,
 * switches, cities, providers) are upserted, so rows of other features that point at a kept transceiver
 * survive a reseed; rows whose key is not in the data set are removed. Child tables (prices, demand, maps,
 * port groups, routes, alerts) are emptied and refilled. Every foreign key holds after each statement on both
 * engines: rows are removed children first and written parents first (SEED_TABLES is in that order).
 */
export async function replaceCatalogueRows(db: AppDatabase, files: SeedTableFile[], settings: Settings): Promise<Record<string, number>> {
  const byTable = new Map(files.map((f) => [f.table, f]));
  // The seed replaces internal demand rows too, whatever the row-level security would show a request.
  return asRowViewer(db, 'service', async (tx) => {
    for (const spec of [...SEED_TABLES].reverse()) await deleteRowsNotIn(tx, spec, byTable.get(spec.table)!);
    const counts: Record<string, number> = {};
    for (const spec of SEED_TABLES) {
      const file = byTable.get(spec.table)!;
      await insertRows(tx, spec, file);
      counts[spec.table] = file.rows.length;
    }
    await writeSettings(tx, settings);
    return counts;
  });
}

export async function writeSettings(db: AppDatabase, settings: Settings): Promise<void> {
  const rows = Object.entries(settings).map(([key, value]) => ({ key, value, updated_at: db.dialect.nowIso() }));
  if (rows.length === 0) return;
  await db.kysely
    .insertInto('app_settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
    .execute();
}

export async function readSetting(db: AppDatabase, key: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

const catalogue = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

export async function countTransceivers(db: AppDatabase): Promise<number> {
  const row = await catalogue(db)
    .selectFrom('transceivers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function renameVendor(db: AppDatabase, vendorId: string, name: string): Promise<boolean> {
  const result = await catalogue(db).updateTable('vendors').set({ name }).where('id', '=', vendorId).where('name', '<>', name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
