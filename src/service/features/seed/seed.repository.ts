import type { AppDatabase } from '../../db/database.js';
import { prepareQuery } from '../../db/prepared-query.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import { SEED_TABLES, type SeedCell, type SeedTableFile, type SeedTableSpec } from './seed.tables.js';

type Settings = Record<string, string>;

/** Table and column names below come only from SEED_TABLES (constants), never from file contents. */
function insertSql(spec: SeedTableSpec): string {
  const columns = spec.columns.join(', ');
  const values = spec.columns.map(() => '?').join(', ');
  const base = `INSERT INTO ${spec.table} (${columns}) VALUES (${values})`;
  if (!spec.key) return base;
  const keep = new Set([spec.key, ...(spec.keepOnUpdate ?? [])]);
  const updates = spec.columns.filter((c) => !keep.has(c)).map((c) => `${c} = excluded.${c}`);
  return `${base} ON CONFLICT (${spec.key}) DO UPDATE SET ${updates.join(', ')}`;
}

/**
 * Replaces the catalogue with the given files in ONE transaction: either the whole data set is in, or the
 * database is as before. Parent rows with a stable key (vendors, standards, form factors, transceivers,
 * switches, cities, providers) are upserted, so rows of other features that point at a kept transceiver
 * survive a reseed; rows whose key is not in the data set are removed. Child tables (prices, demand, maps,
 * port groups, routes, alerts) are emptied and refilled. Foreign keys are checked at commit, so the order of
 * statements inside the transaction does not matter for them.
 */
export function replaceCatalogueRows(db: AppDatabase, files: SeedTableFile[], settings: Settings): Record<string, number> {
  const byTable = new Map(files.map((f) => [f.table, f]));
  const counts: Record<string, number> = {};
  db.sqlite.transaction(() => {
    db.sqlite.pragma('defer_foreign_keys = ON');
    for (const spec of [...SEED_TABLES].reverse()) {
      const file = byTable.get(spec.table)!;
      if (!spec.key) {
        db.sqlite.prepare(`DELETE FROM ${spec.table}`).run();
        continue;
      }
      const keyIndex = spec.columns.indexOf(spec.key);
      const keys = JSON.stringify(file.rows.map((row) => row[keyIndex]));
      db.sqlite.prepare(`DELETE FROM ${spec.table} WHERE ${spec.key} NOT IN (SELECT value FROM json_each(?))`).run(keys);
    }
    for (const spec of SEED_TABLES) {
      const file = byTable.get(spec.table)!;
      const statement = db.sqlite.prepare(insertSql(spec));
      for (const row of file.rows) statement.run(row as SeedCell[]);
      counts[spec.table] = file.rows.length;
    }
    writeSettingsInTransaction(db, settings);
  })();
  return counts;
}

function writeSettingsInTransaction(db: AppDatabase, settings: Settings): void {
  const upsert = db.sqlite.prepare(
    `INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  for (const [key, value] of Object.entries(settings)) upsert.run(key, value);
}

export function writeSettings(db: AppDatabase, settings: Settings): void {
  db.sqlite.transaction(() => writeSettingsInTransaction(db, settings))();
}

export function readSetting(db: AppDatabase, key: string): string | undefined {
  const row = db.sqlite.prepare('SELECT value FROM app_settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** Synchronous like the rest of this loader; Kysely writes the SQL, checked against the catalogue's declarations. */
const catalogue = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

export function countTransceivers(db: AppDatabase): number {
  const count = prepareQuery(
    db,
    catalogue(db)
      .selectFrom('transceivers')
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );
  return count.get()?.n ?? 0;
}

export function renameVendor(db: AppDatabase, vendorId: string, name: string): boolean {
  const { sql, parameters } = catalogue(db).updateTable('vendors').set({ name }).where('id', '=', vendorId).where('name', '<>', name).compile();
  return db.sqlite.prepare(sql).run(...parameters).changes > 0;
}
