import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/service/config.js';
import { intakeMarketRecord } from '../../../src/service/features/catalogue/index.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { changePct, priceAlertSeverity, stockState } from '../../../src/service/features/catalogue/prices/market-intake.rules.js';
import type { CompetitorAlert } from '../../../src/shared/api/sales/competitor-alerts.schemas.js';
import { FIXTURE_PRODUCTS, FX, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

describe('competitor alert rules', () => {
  it('raises a price alert only at or beyond the threshold, critical from twice the threshold, up and down alike', () => {
    const rules = { priceAlertThresholdPct: 5 };
    expect(priceAlertSeverity(-4.99, rules)).toBeNull();
    expect(priceAlertSeverity(4.99, rules)).toBeNull();
    expect(priceAlertSeverity(5, rules)).toBe('warning');
    expect(priceAlertSeverity(-9.99, rules)).toBe('warning');
    expect(priceAlertSeverity(-10, rules)).toBe('critical');
    expect(priceAlertSeverity(25, rules)).toBe('critical');
  });

  it('follows the configured threshold', () => {
    expect(priceAlertSeverity(-3, { priceAlertThresholdPct: 5 })).toBeNull();
    expect(priceAlertSeverity(-3, { priceAlertThresholdPct: 2 })).toBe('warning');
    expect(priceAlertSeverity(-4, { priceAlertThresholdPct: 2 })).toBe('critical');
    expect(loadConfig({ PRICE_ALERT_THRESHOLD_PCT: '2.5', DATA_DIR: '/tmp/x' }).catalogue.priceAlertThresholdPct).toBe(2.5);
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).catalogue.priceAlertThresholdPct).toBe(5);
    expect(() => loadConfig({ PRICE_ALERT_THRESHOLD_PCT: 'five', DATA_DIR: '/tmp/x' })).toThrow(/PRICE_ALERT_THRESHOLD_PCT/);
    expect(() => loadConfig({ PRICE_ALERT_THRESHOLD_PCT: '0', DATA_DIR: '/tmp/x' })).toThrow(/PRICE_ALERT_THRESHOLD_PCT/);
  });

  it('computes the percentage from before to after and reads stock from the flag, else the quantity', () => {
    expect(changePct(1403.99, 1237.99)).toBe(-11.82);
    expect(changePct(100, 105)).toBe(5);
    expect(stockState({ in_stock: 0, stock_qty: 12 })).toBe(0);
    expect(stockState({ in_stock: null, stock_qty: 0 })).toBe(0);
    expect(stockState({ in_stock: null, stock_qty: 3 })).toBe(1);
    expect(stockState({ in_stock: null, stock_qty: null })).toBeNull();
  });
});

describe('the market intake and GET /api/competitor-alerts', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.service.ctx.db.kysely)).rows[0]?.n);
  const counts = (tables: string[]) => Promise.all(tables.map(count));
  const alerts = async (query = '') => {
    const response = await t.service.http.inject({ method: 'GET', url: `/api/competitor-alerts${query}`, headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; limit: number; offset: number; items: CompetitorAlert[] };
  };
  const importPrices = (rows: object[]) =>
    runImport(t.service.ctx.db, { kind: 'prices', format: 'json', text: JSON.stringify(rows), now: Date.now, alertRules: { priceAlertThresholdPct: 5 } });
  const productId = async (slug: string) =>
    (await sql<{ id: string }>`SELECT id FROM transceivers WHERE slug = ${slug}`.execute(t.service.ctx.db.kysely)).rows[0]!.id;

  beforeAll(async () => {
    t = await startTestService();
    await insertFixtureCatalogue(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('raises a new_product alert for each competitor product the import created, none for the operator', async () => {
    const page = await alerts('?kind=new_product&limit=200');
    const slugs = page.items.map((a) => a.product?.slug).sort();
    expect(slugs).toEqual(['fx-a-qsfp28-er4l', 'fx-a-qsfp28-lr4', 'fx-a-qsfp28-sr4', 'fx-b-qsfp28-lr4']);
    expect(page.items.every((a) => a.severity === 'info' && a.price === null && a.stock === null)).toBe(true);
    expect(page.items.find((a) => a.product?.slug === 'fx-b-qsfp28-lr4')).toMatchObject({ vendor_id: FX.shopB, vendor_name: 'Fixture Shop B' });
  });

  it('an import of a new competitor price produces exactly one price change and one alert with before, after and percentage', async () => {
    await importPrices([
      { transceiver: 'fx-a-qsfp28-lr4', vendor_id: FX.shopA, price: 300, currency: 'USD', observed_at: '2026-01-05T10:00:00Z', in_stock: true },
    ]);
    const changes = await count('price_changes');
    const raised = await count('competitor_alerts');
    const report = await importPrices([
      { transceiver: 'fx-a-qsfp28-lr4', vendor_id: FX.shopA, price: 270, currency: 'USD', observed_at: '2026-01-12T10:00:00Z', in_stock: true },
    ]);
    expect(report.inserted).toBe(1);
    expect(await count('price_changes')).toBe(changes + 1);
    expect(await count('competitor_alerts')).toBe(raised + 1);
    const [alert] = (await alerts('?kind=price_change')).items;
    expect(alert).toMatchObject({
      kind: 'price_change',
      severity: 'critical',
      vendor_id: FX.shopA,
      created_at: '2026-01-12T10:00:00.000Z',
      title: 'Fixture Shop A cut FXA-100G-LR4 by 10%',
      price: { currency: 'USD', old_price: 300, new_price: 270, change_pct: -10 },
      stock: null,
    });
    expect(alert!.observation_id).toEqual(expect.any(Number));
    // Re-importing the same file stores nothing and raises nothing.
    await importPrices([{ transceiver: 'fx-a-qsfp28-lr4', vendor_id: FX.shopA, price: 270, currency: 'USD', observed_at: '2026-01-12T10:00:00Z' }]);
    expect(await count('competitor_alerts')).toBe(raised + 1);
  });

  it('records a change below the threshold without an alert, and alerts on it under a lower threshold', async () => {
    const db = t.service.ctx.db;
    const transceiverId = await productId('fx-b-qsfp28-lr4');
    const observation = (price: number, day: string) => ({
      transceiver_id: transceiverId,
      vendor_id: FX.shopB,
      price,
      currency: 'GBP',
      observed_at: `2026-02-${day}T09:00:00.000Z`,
      in_stock: null,
      stock_qty: null,
      source: 'test',
      url: null,
    });
    await intakeMarketRecord(db, { priceAlertThresholdPct: 5 }, { kind: 'observation', observation: observation(200, '01') });
    const below = await intakeMarketRecord(db, { priceAlertThresholdPct: 5 }, { kind: 'observation', observation: observation(194, '08') });
    expect(below.priceChange).toEqual({ old_price: 200, new_price: 194, change_pct: -3 });
    expect(below.alertIds).toEqual([]);
    const lower = await intakeMarketRecord(db, { priceAlertThresholdPct: 2 }, { kind: 'observation', observation: observation(200, '15') });
    expect(lower.priceChange?.change_pct).toBe(3.09);
    expect(lower.alertIds).toHaveLength(1);
    expect((await alerts(`?vendor=${FX.shopB}&kind=price_change`)).items[0]).toMatchObject({
      severity: 'warning',
      title: 'Fixture Shop B raised FXB-QSFP-LR4 by 3.09%',
    });
  });

  it("never alerts on the operator's own prices, though their changes are recorded", async () => {
    const post = (price: number, day: string) =>
      t.service.http.inject({
        method: 'POST',
        url: '/api/prices',
        headers: auth,
        payload: {
          transceiver_id: 'fx-op-qsfp28-lr4',
          vendor_id: FX.operator,
          price,
          currency: 'USD',
          observed_at: `2026-03-${day}T09:00:00Z`,
          in_stock: day === '01',
        },
      });
    expect((await post(400, '01')).statusCode).toBe(201);
    const raised = await count('competitor_alerts');
    const response = await post(200, '08');
    expect(response.json().price_change).toMatchObject({ old_price: 400, new_price: 200, change_pct: -50 });
    expect(await count('competitor_alerts')).toBe(raised);
  });

  it('raises stock_change alerts when a competitor shop runs out (warning) and restocks (info)', async () => {
    const obs = (day: string, inStock: boolean | undefined, qty?: number) => ({
      transceiver: 'fx-a-qsfp28-sr4',
      vendor_id: FX.shopA,
      price: 120,
      currency: 'USD',
      observed_at: `2026-04-${day}T08:00:00Z`,
      ...(inStock !== undefined ? { in_stock: inStock } : {}),
      ...(qty !== undefined ? { stock_qty: qty } : {}),
    });
    await importPrices([obs('01', true, 40), obs('08', false), obs('15', undefined, 0), obs('22', undefined, 7)]);
    const stock = (await alerts(`?kind=stock_change&vendor=${FX.shopA}`)).items;
    expect(stock.map((a) => [a.severity, a.stock, a.title])).toEqual([
      ['info', { was_in_stock: false, in_stock: true }, 'Fixture Shop A: FXA-100G-SR4 back in stock'],
      ['warning', { was_in_stock: true, in_stock: false }, 'Fixture Shop A: FXA-100G-SR4 out of stock'],
    ]);
  });

  it('raises nothing for a changed product record, and a new one only for competitors', async () => {
    const before = await count('competitor_alerts');
    const report = await runImport(t.service.ctx.db, {
      kind: 'transceivers',
      format: 'json',
      now: Date.now,
      text: JSON.stringify([
        { ...FIXTURE_PRODUCTS.find((p) => p.slug === 'fx-a-qsfp28-lr4')!, name: 'Fixture 100G LR4, renamed' },
        { ...FIXTURE_PRODUCTS.find((p) => p.slug === 'fx-op-sfp28-sr')!, slug: 'fx-op-new-sr', part_number: 'FXO-NEW-SR' },
      ]),
    });
    expect(report).toMatchObject({ inserted: 1, updated: 1 });
    expect(await count('competitor_alerts')).toBe(before);
  });

  it('stores nothing of an observation when the surrounding transaction fails (alert and price change included)', async () => {
    const db = t.service.ctx.db;
    const tables = ['price_observations', 'price_changes', 'competitor_alerts'];
    const before = await counts(tables);
    const observation = {
      transceiver_id: await productId('fx-a-qsfp28-er4l'),
      vendor_id: FX.shopA,
      currency: 'USD',
      in_stock: 1,
      stock_qty: null,
      source: 'test',
      url: null,
    };
    await expect(
      db.transaction(async (tx) => {
        await intakeMarketRecord(
          tx,
          { priceAlertThresholdPct: 5 },
          { kind: 'observation', observation: { ...observation, price: 500, observed_at: '2026-05-01T00:00:00.000Z' } },
        );
        const second = await intakeMarketRecord(
          tx,
          { priceAlertThresholdPct: 5 },
          { kind: 'observation', observation: { ...observation, price: 400, observed_at: '2026-05-08T00:00:00.000Z' } },
        );
        expect(second.alertIds).toHaveLength(1);
        throw new Error('the caller fails after the intake');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await counts(tables)).toEqual(before);
  });

  it('filters by vendor, kind, speed, severity and date range, newest first, and pages', async () => {
    const all = await alerts('?limit=200');
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((a) => a.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await alerts('?severity=critical')).items.every((a) => a.severity === 'critical')).toBe(true);
    expect((await alerts('?speed=100G')).total).toBe(all.items.filter((a) => a.product?.speed_gbps === 100).length);
    expect((await alerts('?speed=400G')).total).toBe(0);
    const april = await alerts('?since=2026-04-01&until=2026-04-08');
    expect(april.items.map((a) => a.created_at)).toEqual(['2026-04-08T08:00:00.000Z']);
    const first = await alerts('?limit=2&offset=0');
    const second = await alerts('?limit=2&offset=2');
    expect(first.total).toBe(all.total);
    expect([...first.items, ...second.items].map((a) => a.id)).toEqual(all.items.slice(0, 4).map((a) => a.id));
  });

  it('answers 400 for a range that ends before it starts and for values outside the lists', async () => {
    const bad = async (query: string) => t.service.http.inject({ method: 'GET', url: `/api/competitor-alerts${query}`, headers: auth });
    const range = await bad('?since=2026-05-02&until=2026-05-01');
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain('until');
    expect((await bad('?kind=discount')).json().message).toContain('price_change, new_product, stock_change');
    expect((await bad('?speed=fast')).statusCode).toBe(400);
  });
});
