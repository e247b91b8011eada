import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { comparableProducts } from '../../../src/service/features/catalogue/comparables/comparables.repository.js';
import { FX, type FixtureProduct, insertFixtureCatalogue, qsfp28Smf } from '../../helpers/catalogue-fixtures.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';

/**
 * A product's comparables are read per vendor kind from the family index, priced ones first: the derived has_price
 * flag must follow the observations exactly, and a short limit must give the first rows of the full order.
 */

const lr4 = (slug: string, vendor: string, fields: Partial<FixtureProduct> = {}): FixtureProduct =>
  qsfp28Smf(slug, vendor, { reach_meters: 10_000, reach_label: '10 km', ...fields });

const FAMILY: FixtureProduct[] = [
  lr4('fam-own', FX.operator),
  lr4('fam-a-3', FX.shopA),
  lr4('fam-a-1', FX.shopA),
  lr4('fam-b-2', FX.shopB),
  lr4('fam-b-priced', FX.shopB),
  lr4('fam-op-priced', FX.operator),
  lr4('fam-oem', FX.oem),
  // Reach 0 with a 10 km standard stands in the same class; 40 km does not.
  lr4('fam-a-std', FX.shopA, { reach_meters: 0, reach_label: '', standard: '100GBASE-LR4' }),
  lr4('fam-a-er4', FX.shopA, { reach_meters: 40_000, reach_label: '40 km' }),
  // Another family: other wavelengths.
  lr4('fam-a-cwdm', FX.shopA, { wavelengths: [1271, 1291, 1311, 1331] }),
];

describe(`comparables read from the family index (${TEST_ENGINE})`, () => {
  let opened: MigratedTestDatabase;
  let db: AppDatabase;
  const ids = new Map<string, string>();
  const k = () => db.kysely.withTables<CatalogueTables>();
  const hasPrice = async (slug: string) =>
    (await k().selectFrom('transceivers').select('has_price').where('slug', '=', slug).executeTakeFirstOrThrow()).has_price;
  const observe = (slug: string, vendor: string, price: number) =>
    k()
      .insertInto('price_observations')
      .values({ transceiver_id: ids.get(slug)!, vendor_id: vendor, price, currency: 'USD', observed_at: '2026-11-01T00:00:00.000Z', source: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    opened = await openMigratedTestDatabase('ti-comparables-family-');
    db = opened.db;
    await insertFixtureCatalogue(db, FAMILY);
    const rows = await k().selectFrom('transceivers').select(['id', 'slug']).execute();
    for (const r of rows) ids.set(r.slug, r.id);
  });
  afterAll(() => opened.close());

  it('keeps has_price in step with the observations: insert, delete, and an observation moved to another product', async () => {
    expect(await hasPrice('fam-b-priced')).toBe(0);
    const first = await observe('fam-b-priced', FX.shopB, 900);
    const second = await observe('fam-b-priced', FX.shopB, 880);
    expect(await hasPrice('fam-b-priced')).toBe(1);
    await k().deleteFrom('price_observations').where('id', '=', first.id).execute();
    expect(await hasPrice('fam-b-priced')).toBe(1);
    await k()
      .updateTable('price_observations')
      .set({ transceiver_id: ids.get('fam-op-priced')! })
      .where('id', '=', second.id)
      .execute();
    expect([await hasPrice('fam-b-priced'), await hasPrice('fam-op-priced')]).toEqual([0, 1]);
    await k()
      .updateTable('price_observations')
      .set({ transceiver_id: ids.get('fam-b-priced')! })
      .where('id', '=', second.id)
      .execute();
    expect([await hasPrice('fam-b-priced'), await hasPrice('fam-op-priced')]).toEqual([1, 0]);
    await observe('fam-op-priced', FX.operator, 700);
    const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM transceivers WHERE has_price = 1`.execute(db.kysely);
    expect(Number(counted.rows[0]!.n)).toBe(2);
  });

  it('lists competitors (priced, then by part number), then the operator, then OEMs; a short limit is the head of that order', async () => {
    const all = (await comparableProducts(db, ids.get('fam-own')!, 'USD')).map((c) => c.slug);
    expect(all).toEqual(['fam-b-priced', 'fam-a-1', 'fam-a-3', 'fam-a-std', 'fam-b-2', 'fam-oem']);
    for (const limit of [1, 2, 4]) expect((await comparableProducts(db, ids.get('fam-own')!, 'USD', limit)).map((c) => c.slug)).toEqual(all.slice(0, limit));
    // From a competitor's product the operator's priced product is listed after the other competitors.
    expect((await comparableProducts(db, ids.get('fam-a-1')!, 'USD')).map((c) => c.slug)).toEqual([
      'fam-b-priced',
      'fam-b-2',
      'fam-op-priced',
      'fam-own',
      'fam-oem',
    ]);
  });

  it('gives the head of the full order at every limit, also where a priced product comes once per currency', async () => {
    await k()
      .insertInto('price_observations')
      .values({
        transceiver_id: ids.get('fam-b-priced')!,
        vendor_id: FX.shopB,
        price: 700,
        currency: 'GBP',
        observed_at: '2026-11-02T00:00:00.000Z',
        source: 'test',
      })
      .execute();
    for (const from of ['fam-own', 'fam-a-1']) {
      const all = (await comparableProducts(db, ids.get(from)!, 'USD')).map((c) => `${c.slug} ${c.currency}`);
      expect(all.filter((row) => row.startsWith('fam-b-priced '))).toHaveLength(2);
      for (let limit = 1; limit <= all.length; limit += 1) {
        expect(
          (await comparableProducts(db, ids.get(from)!, 'USD', limit)).map((c) => `${c.slug} ${c.currency}`),
          `${from} at ${limit}`,
        ).toEqual(all.slice(0, limit));
      }
    }
  });

  it('states the reach class of each comparable, the standard standing in for a missing reach', async () => {
    const rows = await comparableProducts(db, ids.get('fam-own')!, 'USD');
    expect(rows.find((r) => r.slug === 'fam-a-std')?.comp_reach_class).toBe(rows.find((r) => r.slug === 'fam-a-1')?.comp_reach_class);
    expect(await comparableProducts(db, 'no-such-product', 'USD')).toEqual([]);
  });
});
