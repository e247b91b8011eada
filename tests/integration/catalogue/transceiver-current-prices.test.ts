import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import {
  currentPrices,
  currentPricesFor,
  findObservation,
  operatorOffersByStandard,
  recentPrices,
} from '../../../src/service/features/catalogue/prices/prices.repository.js';
import { dropTestDatabase, testDatabaseEnv } from '../../helpers/test-database.js';

const T = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const P1 = '00000000-0000-4000-8000-000000000001';
const P2 = '00000000-0000-4000-8000-000000000002';
const UNPRICED = '00000000-0000-4000-8000-000000000003';

/** Current prices, the product page's history and the operator's offers: plain reads of the latest observations. */
describe('current prices on either engine', () => {
  let dir: string;
  let db: AppDatabase;
  const k = () => db.kysely.withTables<CatalogueTables>();
  const observe = async (transceiver_id: string, vendor_id: string, price: number, currency: string, minute: number) => {
    const row = await k()
      .insertInto('price_observations')
      .values({ transceiver_id, vendor_id, price, currency, observed_at: T(minute), source: 'api' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-current-prices-'));
    db = (await openMigratedDatabase(loadConfig({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) }))).db;
    await k()
      .insertInto('vendors')
      .values([
        { id: 'cp-op', name: 'Operator', kind: 'operator' },
        { id: 'cp-shop', name: 'Shop', kind: 'competitor' },
      ])
      .execute();
    await k()
      .insertInto('form_factors')
      .values({
        name: 'QSFP28',
        full_name: 'QSFP28',
        speed: '100G',
        max_speed_gbps: 100,
        channels: 4,
        status: 'mainstream',
        description_en: '',
        description_de: '',
      })
      .execute();
    await k()
      .insertInto('standards')
      .values({
        name: '100GBASE-LR4',
        category: 'ethernet',
        speed_gbps: 100,
        lanes: 4,
        modulation: 'NRZ',
        medium: 'single-mode',
        reach_label: '10km',
        body: 'IEEE',
        description_en: '',
        description_de: '',
      })
      .execute();
    const product = (id: string, vendor_id: string, part_number: string) => ({
      id,
      slug: part_number.toLowerCase(),
      vendor_id,
      part_number,
      name: part_number,
      form_factor: 'QSFP28',
      speed_gbps: 100,
      standard: '100GBASE-LR4',
      fiber_type: 'SMF',
      wdm_type: 'LWDM',
      data_confidence: 'vendor_verified' as const,
    });
    await k()
      .insertInto('transceivers')
      .values([product(P1, 'cp-op', 'OP-LR4'), product(P2, 'cp-shop', 'SHOP-LR4'), product(UNPRICED, 'cp-op', 'OP-LR4-NEW')])
      .execute();
  });
  afterAll(async () => {
    await db?.close();
    await dropTestDatabase(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the latest observation per product (ties by the later record), per shop and currency, and the history', async () => {
    await observe(P1, 'cp-op', 100, 'USD', 1);
    await observe(P1, 'cp-op', 90, 'EUR', 2);
    await observe(P1, 'cp-shop', 120, 'USD', 2);
    // Two observations at the same time: the later record is the current one.
    const tieLater = await observe(P1, 'cp-op', 95, 'USD', 3);
    await observe(P1, 'cp-op', 97, 'USD', 3).then(async (id) => {
      expect(id).toBeGreaterThan(tieLater);
    });
    await observe(P2, 'cp-shop', 80, 'GBP', 5);

    const latest = await currentPricesFor(db, [P1, P2, UNPRICED]);
    expect(latest.get(P1)).toMatchObject({ price: 97, currency: 'USD', observed_at: T(3), vendor_name: 'Operator', source: 'api' });
    expect(latest.get(P2)).toMatchObject({ price: 80, currency: 'GBP', vendor_name: 'Shop' });
    expect(latest.has(UNPRICED)).toBe(false);
    expect(await currentPricesFor(db, [])).toEqual(new Map());

    const perShop = await currentPrices(db, P1);
    expect(perShop.map((p) => [p.vendor_name, p.currency, p.price])).toEqual([
      ['Operator', 'EUR', 90],
      ['Operator', 'USD', 97],
      ['Shop', 'USD', 120],
    ]);
    const history = await recentPrices(db, P1, 3);
    expect(history.map((p) => p.price)).toEqual([120, 95, 97]);
    const one = await findObservation(db, tieLater);
    expect(one).toMatchObject({ id: tieLater, price: 95, vendor_name: 'Operator', transceiver_id: P1 });
    expect(await findObservation(db, 999_999)).toBeUndefined();
  });

  it("lists the operator's products of the standards with the operator's own latest price in the currency", async () => {
    const offers = await operatorOffersByStandard(db, ['100GBASE-LR4'], 'USD');
    expect(offers.map((o) => [o.part_number, o.price, o.price_source])).toEqual([
      ['OP-LR4', 97, 'api'],
      ['OP-LR4-NEW', null, null],
    ]);
    expect((await operatorOffersByStandard(db, ['100GBASE-LR4'], 'EUR')).map((o) => o.price)).toEqual([90, null]);
    expect(await operatorOffersByStandard(db, [], 'USD')).toEqual([]);
  });
});
