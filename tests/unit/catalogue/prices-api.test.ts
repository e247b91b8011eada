import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDemand, demandForTransceiver } from '../../../src/service/features/catalogue/demand/demand.repository.js';
import { anonymousViewer, signedInViewer } from '../../helpers/request-viewers.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { checkMinimumPrice, MIN_PRICE_USD_BY_SPEED_CLASS, speedClassOf } from '../../../src/service/features/catalogue/prices/prices.rules.js';
import { FX, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

describe('minimum price per speed class', () => {
  it('puts a product in the largest class not above its speed', () => {
    expect(speedClassOf(1).label).toBe('1G');
    expect(speedClassOf(2.5).label).toBe('1G');
    expect(speedClassOf(100).label).toBe('100G');
    expect(speedClassOf(1600).label).toBe('1.6T');
    expect(speedClassOf(0.155).label).toBe('below 1G');
  });

  it('rises with the speed class', () => {
    const floors = MIN_PRICE_USD_BY_SPEED_CLASS.map((c) => c.minUsd);
    expect(floors).toEqual([...floors].sort((a, b) => a - b));
  });

  it('converts GBP and EUR with the fixed factors before comparing', () => {
    // 100G floor is 20 USD: 16 GBP = 20.32 USD passes, 15 GBP = 19.05 USD does not.
    expect(checkMinimumPrice(100, 16, 'GBP').ok).toBe(true);
    expect(checkMinimumPrice(100, 15, 'GBP').ok).toBe(false);
    expect(checkMinimumPrice(100, 19, 'EUR').ok).toBe(true);
    expect(checkMinimumPrice(10, 4.99, 'USD')).toMatchObject({ ok: false, speed_class: '10G', minimum_usd: 5 });
  });
});

describe('prices API', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const get = async (url: string) => t.service.http.inject({ method: 'GET', url, headers: auth });
  const post = async (payload: object) => t.service.http.inject({ method: 'POST', url: '/api/prices', headers: auth, payload });

  beforeAll(async () => {
    t = await startTestService();
    await insertFixtureCatalogue(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('rejects a price below the speed-class minimum with 422 naming the rule, and stores nothing', async () => {
    const before = (await get('/api/transceivers/fx-op-osfp-16t-dr8/prices')).json().total as number;
    const response = await post({ transceiver_id: 'fx-op-osfp-16t-dr8', vendor_id: FX.operator, price: 14.95, currency: 'GBP' });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toContain('min_price_per_speed_class');
    expect(body.message).toContain('1.6T');
    expect(body.details).toMatchObject({ rule: 'min_price_per_speed_class', speed_class: '1.6T', minimum_usd: 300 });
    expect((await get('/api/transceivers/fx-op-osfp-16t-dr8/prices')).json().total).toBe(before);
  });

  it('validates the body: unknown product or shop 400, bad currency 400 with the allowed values', async () => {
    const noProduct = await post({ transceiver_id: 'nope', vendor_id: FX.operator, price: 50, currency: 'USD' });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().message).toContain('transceiver_id');
    const noShop = await post({ transceiver_id: 'fx-op-sfp28-sr', vendor_id: 'nope', price: 50, currency: 'USD' });
    expect(noShop.statusCode).toBe(400);
    expect(noShop.json().message).toContain('vendor_id');
    const currency = await post({ transceiver_id: 'fx-op-sfp28-sr', vendor_id: FX.operator, price: 50, currency: 'JPY' });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().message).toBe('body/currency must be one of: USD, GBP, EUR');
    const negative = await post({ transceiver_id: 'fx-op-sfp28-sr', vendor_id: FX.operator, price: -5, currency: 'USD' });
    expect(negative.statusCode).toBe(400);
    const future = await post({ transceiver_id: 'fx-op-sfp28-sr', vendor_id: FX.operator, price: 50, currency: 'USD', observed_at: '2999-01-01T00:00:00Z' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toContain('observed_at');
  });

  it("records a price change when the shop's previous price differs, and none when it is the same", async () => {
    const base = { transceiver_id: 'fx-op-sfp28-sr', vendor_id: FX.shopA, currency: 'USD' };
    const first = await post({ ...base, price: 40, observed_at: '2026-03-01T00:00:00Z' });
    expect(first.statusCode).toBe(201);
    expect(first.json().price_change).toBeNull();
    const same = await post({ ...base, price: 40, observed_at: '2026-03-02T00:00:00Z' });
    expect(same.json().price_change).toBeNull();
    const cheaper = await post({ ...base, price: 30, observed_at: '2026-03-03T00:00:00Z' });
    expect(cheaper.json().price_change).toEqual({ old_price: 40, new_price: 30, change_pct: -25 });
    expect(cheaper.json().observation).toMatchObject({ price: 30, currency: 'USD', source: 'api', vendor_name: 'Fixture Shop A' });
    // Another currency in the same shop is a separate series: no change against the USD price.
    const gbp = await post({ ...base, currency: 'GBP', price: 25, observed_at: '2026-03-04T00:00:00Z' });
    expect(gbp.json().price_change).toBeNull();
    const changes = await sql<{ n: number }>`SELECT count(*) AS n FROM price_changes WHERE vendor_id = ${FX.shopA}`.execute(t.service.ctx.db.kysely);
    expect(Number(changes.rows[0]!.n)).toBe(1);
  });

  it('pages the price history, oldest first, with filters; 404 for an unknown product', async () => {
    const all = (await get('/api/transceivers/fx-op-sfp28-sr/prices')).json();
    expect(all.total).toBe(4);
    expect(all.items.map((i: { observed_at: string }) => i.observed_at)).toEqual([...all.items.map((i: { observed_at: string }) => i.observed_at)].sort());
    const usd = (await get('/api/transceivers/fx-op-sfp28-sr/prices?currency=USD&from=2026-03-02T00:00:00Z')).json();
    expect(usd.items.map((i: { price: number }) => i.price)).toEqual([40, 30]);
    expect((await get('/api/transceivers/nope/prices')).statusCode).toBe(404);
  });

  it('reports price and image coverage from the views', async () => {
    const prices = (await get('/api/coverage/prices')).json();
    const sfp28 = prices.by_form_factor.find((r: { form_factor: string }) => r.form_factor === 'SFP28');
    expect(sfp28.covered).toBeGreaterThanOrEqual(1);
    expect(prices.total.products).toBe(prices.by_form_factor.reduce((s: number, r: { products: number }) => s + r.products, 0));
    expect(prices.total.ratio).toBeCloseTo(prices.total.covered / prices.total.products, 3);
    const images = (await get('/api/coverage/images')).json();
    expect(images.measure).toBe('image');
    expect(images.by_form_factor.find((r: { form_factor: string }) => r.form_factor === 'QSFP28').covered).toBeGreaterThanOrEqual(1);
  });

  it('keeps internal demand rows out unless the caller may see them (row-level filter)', async () => {
    const db = t.service.ctx.db;
    const id = (await get('/api/transceivers/fx-op-sfp28-sr')).json().id as string;
    await runImport(db, {
      kind: 'demand',
      format: 'json',
      now: Date.now,
      text: JSON.stringify([
        { sku: 'FX-D-IN', description: 'internal', transceiver: id, velocity_class: 'fast', is_internal: 1 },
        { sku: 'FX-D-OUT', description: 'public', transceiver: id, velocity_class: 'slow', is_internal: 0 },
      ]),
    });
    expect((await demandForTransceiver(db, id, signedInViewer())).map((r) => r.sku)).toEqual(['FX-D-IN', 'FX-D-OUT']);
    expect((await demandForTransceiver(db, id, anonymousViewer())).map((r) => r.sku)).toEqual(['FX-D-OUT']);
    expect(await countDemand(db, signedInViewer())).toBe((await countDemand(db, anonymousViewer())) + 1);
  });
});
