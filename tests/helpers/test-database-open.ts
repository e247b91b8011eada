import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/service/config.js';
import { type AppDatabase, openDatabase } from '../../src/service/db/database.js';
import type { DatabaseTarget } from '../../src/service/db/database-target.js';
import { migrate, migrationsDirFor } from '../../src/service/db/migrator.js';
import { dropTestDatabase, TEST_ENGINE, testDatabaseEnv } from './test-database.js';

/** The database a test of the data layer itself uses for `dir`: a SQLite file in it, or a PostgreSQL database made for it. */
export async function testDatabaseTarget(dir: string): Promise<DatabaseTarget> {
  if (TEST_ENGINE === 'sqlite') return { engine: 'sqlite', file: join(dir, 'db.sqlite') };
  const env = await testDatabaseEnv(dir);
  return { engine: 'postgres', url: env.DATABASE_URL as string, poolSize: 4 };
}

export async function openTestDatabase(dir: string): Promise<AppDatabase> {
  return openDatabase(await testDatabaseTarget(dir));
}

export interface MigratedTestDatabase {
  db: AppDatabase;
  dir: string;
  /** Closes the database and removes it with its folder. */
  close(): Promise<void>;
}

/** A fresh, migrated database of the engine under test in a temporary folder, for tests of repositories without a service. */
export async function openMigratedTestDatabase(prefix: string): Promise<MigratedTestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = loadConfig({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) });
  const db = await openDatabase(config.database);
  await migrate(db, migrationsDirFor(config.migrationsDir, db.engine));
  return {
    db,
    dir,
    async close() {
      await db.close();
      await dropTestDatabase(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
