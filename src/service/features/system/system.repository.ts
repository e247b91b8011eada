import type { AppDatabase } from '../../db/database.js';

export async function listAppliedMigrations(db: AppDatabase): Promise<Array<{ version: number; name: string; applied_at: string }>> {
  return db.kysely.selectFrom('schema_migrations').select(['version', 'name', 'applied_at']).orderBy('version').execute();
}
