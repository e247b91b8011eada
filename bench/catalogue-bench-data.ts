import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { AppDatabase } from '../src/service/db/database.js';
import { ALL_TABLES } from '../src/service/db/tables/all-tables.js';
import type { CatalogueTables } from '../src/service/db/tables/catalogue.tables.js';
import { writableColumns } from '../src/service/db/tables/table-spec.js';
import { runImport } from '../src/service/features/catalogue/import/import.service.js';
import { loadConfig, openMigratedDatabase } from '../src/service/index.js';
import { insertReferenceData } from '../tests/helpers/catalogue-fixtures.js';
import { generateTransceivers } from '../tests/helpers/generated-catalogue.js';

/** Rows per multi-row insert when copying (well under either engine's parameter limit). */
const CHUNK = 500;

export async function openBenchDatabase(env: Record<string, string>): Promise<AppDatabase> {
  return (await openMigratedDatabase(loadConfig(env))).db;
}

async function count(db: AppDatabase, table: 'transceivers'): Promise<number> {
  const row = await db.kysely
    .withTables<CatalogueTables>()
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Filled {
  /** Generated rows added through the transceiver import, and how long the import took. */
  imported: { rows: number; ms: number };
}

/** Tops the catalogue up to `size` rows through the transceiver import (validation and one transaction). */
async function importUpTo(db: AppDatabase, size: number): Promise<{ rows: number; ms: number }> {
  const existing = await count(db, 'transceivers');
  const missing = Math.max(0, size - existing);
  const started = performance.now();
  const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify(generateTransceivers(missing, existing)), now: Date.now });
  if (report.bad_rows > 0) throw new Error(`bench data rejected: ${JSON.stringify(report.errors.slice(0, 3))}`);
  return { rows: missing, ms: performance.now() - started };
}

/** The SQLite side: the fixture vendors, then generated products through the import. */
export async function fillSqlite(db: AppDatabase, size: number): Promise<Filled> {
  await insertReferenceData(db);
  const imported = await importUpTo(db, size);
  await db.refreshPlannerStatistics();
  return { imported };
}

type Copied = 'vendors' | 'form_factors' | 'standards' | 'transceivers' | 'price_observations';

/** The seeded products, as against the generated ones (generateTransceivers, part numbers BX-...). */
const SEEDED = sql<boolean>`part_number NOT LIKE 'BX-%'`;

/** Every row of `table` (where `only` holds) from one database to the other, in chunks, in one transaction. */
async function copyTable(from: AppDatabase, to: AppDatabase, table: Copied, only = sql<boolean>`1 = 1`): Promise<void> {
  const source = from.kysely.withTables<CatalogueTables>();
  // Generated and derived columns are the target's own.
  const columns = writableColumns(ALL_TABLES.find((d) => d.name === table)!);
  await to.transaction(async (tx) => {
    const target = tx.kysely.withTables<CatalogueTables>();
    for (let offset = 0; ; offset += CHUNK) {
      const rows = (await source
        .selectFrom(table)
        .select(columns as never)
        .where(only)
        .orderBy(sql`1`)
        .limit(CHUNK)
        .offset(offset)
        .execute()) as Array<Record<string, unknown>>;
      if (rows.length === 0) return;
      // Identity keys are the target's own.
      const values = rows.map((row) => (table === 'price_observations' ? { ...row, id: undefined } : row));
      await target
        .insertInto(table)
        .values(values as never)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

/**
 * The PostgreSQL side holds the same catalogue: reference rows, prices and the seeded products copied from the SQLite
 * side, then the generated products through the import.
 */
export async function fillPostgres(db: AppDatabase, sqliteDb: AppDatabase, size: number): Promise<Filled> {
  for (const table of ['vendors', 'form_factors', 'standards'] as const) await copyTable(sqliteDb, db, table);
  await copyTable(sqliteDb, db, 'transceivers', SEEDED);
  const filled: Filled = { imported: await importUpTo(db, size) };
  await copyTable(sqliteDb, db, 'price_observations');
  await db.refreshPlannerStatistics();
  return filled;
}
