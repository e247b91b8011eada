import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';

/** A real query against a real table, so the latency includes the engine's cache, locking and (on PostgreSQL) the round trip to the server. */
export async function countAppliedMigrations(db: AppDatabase): Promise<number> {
  const row = await db.kysely
    .selectFrom('schema_migrations')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
