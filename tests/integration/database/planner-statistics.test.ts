import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { generateTransceivers } from '../../helpers/generated-catalogue.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';

/**
 * After a bulk write the planner's statistics are gathered anew, exactly (a sample of a few thousand rows per index
 * led SQLite to sort tens of thousands of rows where an index walk reads fifty), off the service's thread on SQLite,
 * and the service's own connection plans with them at once.
 */
describe.runIf(TEST_ENGINE === 'sqlite')('planner statistics after a bulk write (sqlite)', () => {
  let opened: MigratedTestDatabase;
  let db: AppDatabase;
  beforeAll(async () => {
    opened = await openMigratedTestDatabase('ti-planner-stats-');
    db = opened.db;
    await insertFixtureCatalogue(db, generateTransceivers(6_000, 0) as never);
  });
  afterAll(() => opened.close());

  it('counts every row of every index, and the service connection reads the new statistics', async () => {
    await db.refreshPlannerStatistics();
    const { rows } = await sql<{ idx: string; stat: string }>`SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'transceivers'`.execute(db.kysely);
    const total = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM transceivers`.execute(db.kysely)).rows[0]!.n);
    expect(total).toBeGreaterThan(5_000);
    expect(rows.length).toBeGreaterThan(5);
    // The first figure is the rows the index holds: exact, not a sample's estimate.
    for (const row of rows) expect(Number(row.stat.split(' ')[0]), row.idx).toBe(total);
    // With exact statistics a reach range sorted by part number walks the part-number index and stops after its page.
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT t.id FROM transceivers t
      WHERE t.reach_meters > 0 AND t.reach_meters >= 100 AND t.reach_meters <= 500 ORDER BY t.part_number, t.id LIMIT 50`.execute(db.kysely);
    expect(plan.rows.map((r) => r.detail).join(' / ')).toMatch(/^SCAN t USING INDEX transceivers_part_id$/);
  });
});
