import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { lowerAscii, TRANSCEIVER_TEXT_FIELDS } from '../../../src/service/db/dialects/sql-dialect.js';
import { listTransceivers, type TransceiverQuery, withListPlanning } from '../../../src/service/features/catalogue/transceivers/transceivers.repository.js';
import { TRANSCEIVER_SORT_FIELDS } from '../../../src/shared/vocabulary/catalogue.vocabulary.js';
import { insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { generateTransceivers } from '../../helpers/generated-catalogue.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';

/**
 * A page is read one of two ways: sorted from the matching rows (few matches) or walked in sort order from the sort's
 * index (many). Both must give the same rows in the same order on every page, for every sort both ways, including
 * equal sort keys (ties broken by id) and unknown reaches (last either way).
 */
describe(`the list's two ways of reading a page agree (${TEST_ENGINE})`, () => {
  let opened: MigratedTestDatabase;
  let db: AppDatabase;
  beforeAll(async () => {
    opened = await openMigratedTestDatabase('ti-list-shapes-');
    db = opened.db;
    await insertFixtureCatalogue(db, generateTransceivers(240, 0) as never);
  });
  afterAll(() => opened.close());

  const FILTERS: Array<Omit<TransceiverQuery, 'sort' | 'order'>> = [{ fiberType: 'SMF' }, { text: 'bx qsfp' }, { reachMin: 100, reachMax: 10_000 }];

  it('pages every sort and filter identically whether the matches are sorted as a set or walked from the index', async () => {
    let compared = 0;
    for (const filter of FILTERS) {
      for (const sort of TRANSCEIVER_SORT_FIELDS) {
        for (const order of ['asc', 'desc'] as const) {
          const f: TransceiverQuery = { ...filter, sort, order };
          const sorted = await listTransceivers(db, f, 500, 0, Number.MAX_SAFE_INTEGER);
          const walked = await listTransceivers(db, f, 500, 0, 0);
          expect(sorted.total).toBeGreaterThan(20);
          expect(
            walked.rows.map((r) => r.id),
            `${JSON.stringify(f)}`,
          ).toEqual(sorted.rows.map((r) => r.id));
          // A middle page of each way is the same slice of that order.
          const page = await listTransceivers(db, f, 7, 11, Number.MAX_SAFE_INTEGER);
          expect(page.rows.map((r) => r.id)).toEqual(sorted.rows.slice(11, 18).map((r) => r.id));
          expect(page.total).toBe(sorted.total);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(FILTERS.length * TRANSCEIVER_SORT_FIELDS.length * 2);
  });

  it('finds the rows of a text query, in the order of the whole list, however the engine reads it', async () => {
    // Each word as the list reads it: a substring of one of the fields, ASCII case folded (no generated vendor's name
    // holds these words, so the vendors play no part).
    const holds = (row: Record<string, unknown>, word: string) =>
      TRANSCEIVER_TEXT_FIELDS.some((field) => lowerAscii(String(row[field] ?? '')).includes(lowerAscii(word)));
    let compared = 0;
    for (const text of ['bx qsfp', 'LR4', 'sfp28 lr']) {
      for (const sort of TRANSCEIVER_SORT_FIELDS) {
        for (const order of ['asc', 'desc'] as const) {
          const everything = await listTransceivers(db, { sort, order }, 1000, 0);
          const expected = everything.rows.filter((row) => text.split(' ').every((word) => holds(row, word))).map((r) => r.id);
          const found = await listTransceivers(db, { text, sort, order }, 1000, 0);
          expect(expected.length).toBeGreaterThan(5);
          expect(found.total, `${text} by ${sort} ${order}`).toBe(expected.length);
          expect(found.rows.map((r) => r.id)).toEqual(expected);
          const page = await listTransceivers(db, { text, sort, order }, 4, 3);
          expect(page.rows.map((r) => r.id)).toEqual(expected.slice(3, 7));
          compared += 1;
        }
      }
    }
    expect(compared).toBe(3 * TRANSCEIVER_SORT_FIELDS.length * 2);
  });

  it.runIf(TEST_ENGINE === 'postgres')("plans PostgreSQL's list reads for data in memory, and only them", async () => {
    const show = async (on: AppDatabase) => (await sql<{ random_page_cost: string }>`SHOW random_page_cost`.execute(on.kysely)).rows[0]?.random_page_cost;
    expect(await withListPlanning(db, show)).toBe('1.1');
    expect(await show(db)).toBe('4');
  });

  it('answers a page past the end with the count and no rows', async () => {
    const f: TransceiverQuery = { fiberType: 'SMF', sort: 'name', order: 'asc' };
    const { total } = await listTransceivers(db, f, 10, 0);
    expect(await listTransceivers(db, f, 10, total)).toEqual({ total, rows: [] });
  });
});
