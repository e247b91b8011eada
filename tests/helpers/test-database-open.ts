import { join } from 'node:path';
import { type AppDatabase, openDatabase } from '../../src/service/db/database.js';
import type { DatabaseTarget } from '../../src/service/db/database-target.js';
import { TEST_ENGINE, testDatabaseEnv } from './test-database.js';

/** The database a test of the data layer itself uses for `dir`: a SQLite file in it, or a PostgreSQL database made for it. */
export async function testDatabaseTarget(dir: string): Promise<DatabaseTarget> {
  if (TEST_ENGINE === 'sqlite') return { engine: 'sqlite', file: join(dir, 'db.sqlite') };
  const env = await testDatabaseEnv(dir);
  return { engine: 'postgres', url: env.DATABASE_URL as string, poolSize: 4 };
}

export async function openTestDatabase(dir: string): Promise<AppDatabase> {
  return openDatabase(await testDatabaseTarget(dir));
}
