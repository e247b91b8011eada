import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { currentPricesFor } from '../../../src/service/features/catalogue/prices/prices.repository.js';
import { listTransceivers } from '../../../src/service/features/catalogue/transceivers/transceivers.repository.js';
import { intakeOffer } from '../../../src/service/features/scrapers/offer-intake.js';
import type { ScrapedOffer } from '../../../src/service/features/scrapers/scraped-offer.js';
import { DATABASE_FILE } from '../../../src/service/index.js';
import type { TransceiverPage } from '../../../src/shared/api/catalogue/transceivers.schemas.js';
import { FX, insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { generateTransceivers, lr4ImportRecord } from '../../helpers/generated-catalogue.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const RULES = { priceAlertThresholdPct: 5 };
const PRICED = 'AA-PRICED-1';

/**
 * The list keeps, per connection, the total and rowids of each page without text (at the revision of migrations/017)
 * and each product's current price (at the revisions of migrations/019 and 017). Each test first has the list keep a
 * page, then writes through one path, then expects what a read in a transaction of its own gives (which never uses
 * nor fills anything kept): a path that raised no revision would leave the kept answer in place and fail here.
 */
describe('GET /api/transceivers: kept pages and current prices after every kind of write', () => {
  let t: TestService;
  let db: AppDatabase;
  let headers: Record<string, string>;
  let productId: string;
  let minute = 0;

  const list = async (query: string): Promise<TransceiverPage> => {
    const response = await fetch(`${t.url}/api/transceivers?${query}`, { headers });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as TransceiverPage;
  };
  /** The price a fresh read gives for the product (a read inside a transaction keeps nothing and uses nothing kept). */
  const freshPrice = (id: string) => db.sqlite.transaction(() => currentPricesFor(db, [id]).get(id))();
  const listedPrice = async (query = 'sort=part_number&limit=5') => (await list(query)).items.find((i) => i.id === productId)?.current_price;
  /** Observations later than every earlier one, so each becomes the product's current price. */
  const nextObservedAt = () => new Date(Date.UTC(2026, 0, 1, 12, ++minute)).toISOString();
  const revisions = () =>
    db.sqlite.prepare('SELECT (SELECT revision FROM price_observation_revision) AS prices, (SELECT revision FROM transceiver_list_revision) AS rows').get() as {
      prices: number;
      rows: number;
    };
  const post = async (path: string, body: object, status: number) => {
    const response = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(status);
  };

  beforeAll(async () => {
    t = await startTestService({ listen: true });
    db = t.service.ctx.db;
    await insertReferenceData(db);
    const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify(generateTransceivers(300, 0)), now: () => 0 });
    expect(report.bad_rows).toBe(0);
    headers = { authorization: `Bearer ${await t.login()}` };
    await post('/api/import/transceivers', { format: 'json', data: JSON.stringify([lr4ImportRecord(FX.shopA, PRICED, 'priced optic')]) }, 200);
    productId = (await list('sort=part_number&limit=5')).items[0]!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a page asked again is the same answer; a product without any observation is listed with no price', async () => {
    const first = await list('sort=part_number&limit=5');
    expect(first.items[0]?.part_number).toBe(PRICED);
    expect(first.items[0]?.current_price).toBeNull();
    expect(await list('sort=part_number&limit=5')).toEqual(first);
    expect(await list('form_factor=QSFP28&speed_gbps=100&limit=7&offset=3')).toEqual(await list('form_factor=QSFP28&speed_gbps=100&limit=7&offset=3'));
  });

  it('POST /api/prices: the kept page shows the new price at once, and only the price revision rose', async () => {
    expect(await listedPrice()).toBeNull();
    const before = revisions();
    await post('/api/prices', { transceiver_id: productId, vendor_id: FX.shopB, price: 777, currency: 'USD', observed_at: nextObservedAt() }, 201);
    const after = revisions();
    expect(after.prices).toBeGreaterThan(before.prices);
    expect(after.rows).toBe(before.rows);
    expect(await listedPrice()).toEqual({ price: 777, currency: 'USD', observed_at: expect.any(String), vendor_name: 'Fixture Shop B', demo: false });
  });

  it('the price import: the kept page shows the imported price', async () => {
    expect((await listedPrice())?.price).toBe(777);
    await post(
      '/api/import/prices',
      { format: 'json', data: JSON.stringify([{ transceiver: productId, vendor_id: FX.shopA, price: 812.5, currency: 'EUR', observed_at: nextObservedAt() }]) },
      200,
    );
    expect(await listedPrice()).toMatchObject({ price: 812.5, currency: 'EUR', vendor_name: 'Fixture Shop A' });
  });

  it("the scrapers' intake: an observed offer becomes the kept page's price", async () => {
    expect((await listedPrice())?.price).toBe(812.5);
    const offer: ScrapedOffer = {
      pageUrl: 'https://shop-b.example/p/1',
      productUrl: null,
      name: 'priced optic',
      partNumber: PRICED,
      gtin: null,
      brand: null,
      facts: {},
      price: 699,
      currency: 'GBP',
      inStock: 1,
      reader: 'json-ld',
      stockQty: 4,
    };
    const outcome = intakeOffer({ db, alertRules: RULES, nowIso: nextObservedAt(), stored: new Set() }, FX.shopB, offer, {
      kind: 'observe',
      product: { id: productId, vendor_id: FX.shopA, part_number: PRICED, speed_gbps: 100 },
      price: 699,
      currency: 'GBP',
      matchedBy: 'part_number',
    });
    expect(outcome).toEqual({ kind: 'stored', created: false });
    expect(await listedPrice()).toMatchObject({ price: 699, currency: 'GBP', vendor_name: 'Fixture Shop B' });
  });

  it('an observation changed and deleted by hand: the kept page follows, down to no price at all', async () => {
    db.sqlite.prepare('UPDATE price_observations SET price = 650 WHERE transceiver_id = ? AND price = 699').run(productId);
    expect((await listedPrice())?.price).toBe(650);
    db.sqlite.prepare('DELETE FROM price_observations WHERE transceiver_id = ? AND price = 650').run(productId);
    expect(await listedPrice()).toMatchObject({ price: 812.5, currency: 'EUR' });
    const fresh = freshPrice(productId)!;
    expect(await listedPrice()).toMatchObject({ price: fresh.price, currency: fresh.currency, observed_at: fresh.observed_at });
    db.sqlite.prepare('DELETE FROM price_observations WHERE transceiver_id = ?').run(productId);
    expect(freshPrice(productId)).toBeUndefined();
    expect(await listedPrice()).toBeNull();
  });

  it("the shop renamed: the kept price shows the shop's new name", async () => {
    await post('/api/prices', { transceiver_id: productId, vendor_id: FX.shopB, price: 700, currency: 'USD', observed_at: nextObservedAt() }, 201);
    expect((await listedPrice())?.vendor_name).toBe('Fixture Shop B');
    db.sqlite.prepare("UPDATE vendors SET name = 'Fixture Shop B (renamed)' WHERE id = ?").run(FX.shopB);
    expect((await listedPrice())?.vendor_name).toBe('Fixture Shop B (renamed)');
  });

  it('a rolled-back observation: read inside the write it shows, afterwards the list answers what is committed', async () => {
    expect((await listedPrice())?.price).toBe(700);
    expect(() =>
      db.sqlite.transaction(() => {
        db.sqlite
          .prepare("INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source) VALUES (?, ?, 1, 'USD', ?, 'api')")
          .run(productId, FX.shopA, nextObservedAt());
        expect(currentPricesFor(db, [productId]).get(productId)?.price).toBe(1);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect((await listedPrice())?.price).toBe(700);
  });

  it('a second connection on the same file (another process, such as the CLI): its price and its product show at once', async () => {
    const unfiltered = await list('sort=part_number&limit=5');
    const filtered = await list('form_factor=QSFP28&speed_gbps=100&sort=part_number&limit=5');
    expect(filtered.items[0]?.part_number).toBe(PRICED);
    const other = new Database(`${t.dataDir}/${DATABASE_FILE}`);
    try {
      other.pragma('foreign_keys = ON');
      other
        .prepare("INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source) VALUES (?, ?, 555, 'USD', ?, 'import')")
        .run(productId, FX.shopA, nextObservedAt());
      expect(await listedPrice()).toMatchObject({ price: 555, vendor_name: 'Fixture Shop A' });
      // A product that sorts first and matches the filter; then the priced one leaves the filter.
      other
        .prepare(
          `INSERT INTO transceivers (id, slug, vendor_id, part_number, name, form_factor, speed_gbps, fiber_type, wdm_type, data_confidence)
           VALUES ('00000000-0000-4000-8000-00000000b001', 'fx-shop-a-aa-0-other', ?, 'AA-0-OTHER', 'other optic', 'QSFP28', 100, 'SMF', 'none', 'scraped_unverified')`,
        )
        .run(FX.shopA);
      other.prepare('UPDATE transceivers SET speed_gbps = 40 WHERE id = ?').run(productId);
    } finally {
      other.close();
    }
    const unfilteredAfter = await list('sort=part_number&limit=5');
    expect(unfilteredAfter.total).toBe(unfiltered.total + 1);
    expect(unfilteredAfter.items.map((i) => i.part_number).slice(0, 2)).toEqual(['AA-0-OTHER', PRICED]);
    const filteredAfter = await list('form_factor=QSFP28&speed_gbps=100&sort=part_number&limit=5');
    expect(filteredAfter.total).toBe(filtered.total);
    expect(filteredAfter.items[0]?.part_number).toBe('AA-0-OTHER');
    expect(filteredAfter.items.map((i) => i.id)).not.toContain(productId);
    const reference = db.sqlite.transaction(() => listTransceivers(db, { sort: 'part_number', order: 'asc', formFactor: 'QSFP28', speedGbps: 100 }, 5, 0))();
    expect(filteredAfter.items.map((i) => i.id)).toEqual(reference.rows.map((r) => r.id));
  });

  it('a product deleted: its observations go with it (ON DELETE CASCADE raises the price revision) and the kept pages drop it', async () => {
    const before = revisions();
    const total = (await list('sort=part_number&limit=5')).total;
    db.sqlite.prepare('DELETE FROM transceivers WHERE id = ?').run(productId);
    expect(revisions().prices).toBeGreaterThan(before.prices);
    const after = await list('sort=part_number&limit=5');
    expect(after.total).toBe(total - 1);
    expect(after.items.map((i) => i.id)).not.toContain(productId);
  });

  it('raises the price revision on every write to price_observations, and only on those', () => {
    const other = db.sqlite.prepare('SELECT id FROM transceivers LIMIT 1').pluck().get() as string;
    const steps: Array<[string, () => void, boolean]> = [
      [
        'insert an observation',
        () =>
          db.sqlite
            .prepare("INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source) VALUES (?, ?, 10, 'USD', ?, 'api')")
            .run(other, FX.shopA, nextObservedAt()),
        true,
      ],
      ['update an observation', () => db.sqlite.prepare('UPDATE price_observations SET price = 11 WHERE transceiver_id = ?').run(other), true],
      ['delete an observation', () => db.sqlite.prepare('DELETE FROM price_observations WHERE transceiver_id = ?').run(other), true],
      ['rename a product', () => db.sqlite.prepare("UPDATE transceivers SET name = 'renamed' WHERE id = ?").run(other), false],
      ['change a setting', () => db.sqlite.prepare("INSERT OR REPLACE INTO app_settings (key, value) VALUES ('zz.test', '1')").run(), false],
    ];
    for (const [what, write, raises] of steps) {
      const before = revisions().prices;
      write();
      expect(revisions().prices > before, what).toBe(raises);
    }
  });
});
