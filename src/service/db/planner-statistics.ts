import type { AppDatabase } from './database.js';

/**
 * Brings the engine's planner statistics up to date after a bulk write (an import, a copy), so the next lists are
 * planned on the tables' real sizes and value spreads: which index serves a filter with a sort depends on them.
 */
export async function refreshPlannerStatistics(db: AppDatabase): Promise<void> {
  await db.refreshPlannerStatistics();
}
