import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';

/** A real query against a real table, so the latency includes SQLite's page cache and locking. */
export async function countAppliedMigrations(db: AppDatabase): Promise<number> {
  const row = await db.kysely
    .selectFrom('schema_migrations')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
