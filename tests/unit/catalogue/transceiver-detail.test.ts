import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { FX, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Comparable {
  slug: string;
  vendor_kind: string;
  comp_form_factor: string;
  comp_speed_gbps: number;
  comp_reach_meters: number | null;
  comp_reach_label: string;
  comp_fiber_type: string;
  comp_wavelengths: number[];
  price: number | null;
  currency: string | null;
}

describe('GET /api/transceivers/:id', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const get = async (url: string) => t.service.http.inject({ method: 'GET', url, headers: auth });
  const post = async (url: string, payload: unknown) => t.service.http.inject({ method: 'POST', url, headers: auth, payload: payload as object });

  beforeAll(async () => {
    t = await startTestService();
    await insertFixtureCatalogue(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('finds a record by slug and by UUID', async () => {
    const bySlug = await get('/api/transceivers/fx-op-qsfp28-lr4');
    expect(bySlug.statusCode).toBe(200);
    const id = bySlug.json().id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const byId = await get(`/api/transceivers/${id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().slug).toBe('fx-op-qsfp28-lr4');
  });

  it("tries the slug before the UUID: a record whose slug is another record's UUID wins", async () => {
    const target = (await get('/api/transceivers/fx-op-sfpp-lr')).json().id as string;
    const report = await runImport(t.service.ctx.db, {
      kind: 'transceivers',
      format: 'json',
      now: Date.now,
      text: JSON.stringify([
        {
          slug: target,
          vendor_id: FX.shopB,
          part_number: 'FXB-SLUG-IS-UUID',
          name: 'Slug shadows a UUID',
          form_factor: 'SFP+',
          speed_gbps: 10,
          fiber_type: 'SMF',
          wdm_type: 'none',
          data_confidence: 'scraped_unverified',
        },
      ]),
    });
    expect(report.inserted).toBe(1);
    const response = await get(`/api/transceivers/${target}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().part_number).toBe('FXB-SLUG-IS-UUID');
    expect(response.json().id).not.toBe(target);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await get('/api/transceivers/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('00000000-0000-4000-8000-000000000000');
    expect((await get('/api/transceivers/no-such-slug')).statusCode).toBe(404);
  });

  it('matches comparable products by form factor, speed, fiber, wavelengths and reach, with reach 0 as absent', async () => {
    const detail = (await get('/api/transceivers/fx-op-qsfp28-lr4')).json() as { comparable_products: Comparable[] };
    const slugs = detail.comparable_products.map((c) => c.slug).sort();
    // Shop A's LR4 (same 10 km) and Shop B's (reach 0 = unknown) match; the 40 km part and the SR4 do not.
    expect(slugs).toEqual(['fx-a-qsfp28-lr4', 'fx-b-qsfp28-lr4']);
    const b = detail.comparable_products.find((c) => c.slug === 'fx-b-qsfp28-lr4')!;
    expect(b).toMatchObject({
      comp_form_factor: 'QSFP28',
      comp_speed_gbps: 100,
      comp_reach_meters: 0,
      comp_reach_label: '',
      comp_fiber_type: 'SMF',
      vendor_kind: 'competitor',
    });
    expect(b.comp_wavelengths).toEqual([1295.56, 1300.05, 1304.58, 1309.14]);
    expect(b.price).toBeNull();
  });

  it('shows current prices (latest per shop and currency), history and comparable prices', async () => {
    const observations = [
      { transceiver_id: 'fx-a-qsfp28-lr4', vendor_id: FX.shopA, price: 120, currency: 'USD', observed_at: '2026-01-01T00:00:00Z' },
      { transceiver_id: 'fx-a-qsfp28-lr4', vendor_id: FX.shopA, price: 110, currency: 'USD', observed_at: '2026-02-01T00:00:00Z' },
      { transceiver_id: 'fx-a-qsfp28-lr4', vendor_id: FX.shopA, price: 95, currency: 'GBP', observed_at: '2026-02-01T00:00:00Z' },
      { transceiver_id: 'fx-op-qsfp28-lr4', vendor_id: FX.operator, price: 150, currency: 'GBP', observed_at: '2026-01-15T00:00:00Z' },
    ];
    for (const o of observations) expect((await post('/api/prices', o)).statusCode).toBe(201);

    const competitor = (await get('/api/transceivers/fx-a-qsfp28-lr4')).json();
    expect(competitor.current_prices.map((p: { price: number; currency: string }) => `${p.price} ${p.currency}`)).toEqual(['95 GBP', '110 USD']);
    expect(competitor.price_history.map((p: { price: number }) => p.price)).toEqual([120, 110, 95]);

    const operator = (await get('/api/transceivers/fx-op-qsfp28-lr4')).json() as { comparable_products: Comparable[]; current_prices: unknown[] };
    expect(operator.current_prices).toHaveLength(1);
    const priced = operator.comparable_products.filter((c) => c.slug === 'fx-a-qsfp28-lr4').map((c) => `${c.price} ${c.currency}`);
    expect(priced.sort()).toEqual(['110 USD', '95 GBP']);
  });

  it('stores comparable-price records on refresh, only for priced competitor products', async () => {
    const refreshed = await post('/api/prices/comparables/refresh', {});
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().rows).toBeGreaterThanOrEqual(1);
    const stored = (await get('/api/prices/comparables?operator_transceiver=fx-op-qsfp28-lr4')).json();
    // Shop B's match has no price, so only Shop A's is stored, with its latest observation (95 GBP, recorded last).
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({
      operator_slug: 'fx-op-qsfp28-lr4',
      competitor_slug: 'fx-a-qsfp28-lr4',
      comp_form_factor: 'QSFP28',
      comp_speed_gbps: 100,
      comp_reach_meters: 10000,
      comp_reach_label: '10km',
      comp_fiber_type: 'SMF',
      price: 95,
      currency: 'GBP',
    });
    expect(stored.items[0].comp_wavelengths).toEqual([1295.56, 1300.05, 1304.58, 1309.14]);
    expect((await get('/api/prices/comparables?operator_transceiver=nope')).statusCode).toBe(404);
  });

  it('shows internal demand rows linked to the product to the authenticated caller', async () => {
    const report = await runImport(t.service.ctx.db, {
      kind: 'demand',
      format: 'json',
      now: Date.now,
      text: JSON.stringify([
        { sku: 'FX-SKU-1', description: 'LR4 internal', transceiver: 'fx-op-qsfp28-lr4', velocity_class: 'fast', is_internal: true, run_rate_30d: 12 },
        { sku: 'FX-SKU-2', description: 'LR4 public', part_number: 'FXO-Q28-LR4', velocity_class: 'slow', is_internal: false },
      ]),
    });
    expect(report.inserted).toBe(2);
    const detail = (await get('/api/transceivers/fx-op-qsfp28-lr4')).json();
    expect(detail.internal_demand.map((d: { sku: string; is_internal: boolean }) => `${d.sku}:${d.is_internal}`)).toEqual(['FX-SKU-1:true', 'FX-SKU-2:false']);
  });
});
