import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FX, type FixtureProduct, insertFixtureCatalogue, LAN_WDM, qsfp28Smf } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/**
 * Comparables compare like with like (reach class, with the standard's reach standing in for a missing one) and
 * state prices converted into one currency with the rate, its day and its source: over real HTTP, on a real
 * database, with rates stored through PUT /api/currency-rates.
 */

interface Converted {
  amount: number;
  currency: string;
  rate: number;
  rate_as_of: string | null;
  rate_source: string;
}
interface Comparable {
  slug: string;
  comp_reach_meters: number | null;
  comp_reach_class: string | null;
  price: number | null;
  currency: string | null;
  price_converted: Converted | null;
  conversion_note: string | null;
}
interface Stored {
  competitor_slug: string;
  price: number;
  currency: string;
  price_converted: Converted | null;
}

const sfpPlusCopper = (slug: string, vendor: string, reach: number): FixtureProduct => ({
  slug,
  vendor_id: vendor,
  part_number: slug.toUpperCase(),
  name: `SFP+ copper ${slug}`,
  form_factor: 'SFP+',
  speed_gbps: 10,
  fiber_type: 'copper',
  wdm_type: 'none',
  data_confidence: 'scraped_unverified',
  reach_meters: reach,
  reach_label: `${reach} m`,
});

// All on the LAN-WDM grid, so only the reach tells an LR4 (10 km) from an ER4 (40 km).
const PRODUCTS: FixtureProduct[] = [
  qsfp28Smf('lfl-op-lr4', FX.operator, { reach_meters: 10_000, reach_label: '10km', standard: '100GBASE-LR4', data_confidence: 'vendor_verified' }),
  qsfp28Smf('lfl-op-er4', FX.operator, { reach_meters: 40_000, reach_label: '40km', standard: '100GBASE-ER4', data_confidence: 'vendor_verified' }),
  qsfp28Smf('lfl-a-lr4', FX.shopA, { reach_meters: 10_000, reach_label: '10km', standard: '100GBASE-LR4' }),
  // Reach not stated (0), but the standard says 40 km: an ER4, whatever the scraper missed.
  qsfp28Smf('lfl-a-er4-std', FX.shopA, { reach_meters: 0, reach_label: '', standard: '100GBASE-ER4' }),
  qsfp28Smf('lfl-a-er4-40km', FX.shopA, { reach_meters: 40_000, reach_label: '40km' }),
  // Reach 0, standard LR4 (10 km): matched by class to the LR4, not to the ER4.
  qsfp28Smf('lfl-b-lr4-std', FX.shopB, { reach_meters: 0, reach_label: '', standard: '100GBASE-LR4' }),
  // Neither a reach nor a standard: absent, which rules nothing out.
  qsfp28Smf('lfl-b-unknown', FX.shopB, { reach_meters: null, reach_label: '' }),
  // SFP+ copper: a 1 m and a 3 m twinax cable are one product type; a 30 m 10GBASE-T module is not.
  sfpPlusCopper('lfl-op-dac-1m', FX.operator, 1),
  sfpPlusCopper('lfl-a-dac-3m', FX.shopA, 3),
  sfpPlusCopper('lfl-b-10gbase-t', FX.shopB, 30),
];

const TODAY = '2026-11-23';

describe('comparables: like with like, in one currency', () => {
  let t: TestService;
  let token: string;
  const call = async (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await call(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const comparables = async (slug: string, query = '') =>
    (await getJson<{ comparable_products: Comparable[] }>(`/api/transceivers/${slug}${query}`)).comparable_products;
  const putRates = async (rates: unknown) => call('/api/currency-rates', { method: 'PUT', body: JSON.stringify(rates) });
  const price = async (transceiver_id: string, vendor_id: string, amount: number, currency: string) => {
    const response = await call('/api/prices', {
      method: 'POST',
      body: JSON.stringify({ transceiver_id, vendor_id, price: amount, currency, observed_at: '2026-11-20T10:00:00Z' }),
    });
    expect(response.status).toBe(201);
  };

  beforeAll(async () => {
    t = await startTestService({ listen: true, now: () => Date.parse(`${TODAY}T12:00:00Z`) });
    await sql`INSERT INTO standards (name, category, speed_gbps, lanes, modulation, medium, reach_meters, reach_label, wavelengths, fiber_count,
           connector, body, year, description_en, description_de)
         VALUES ('100GBASE-ER4', 'ethernet', 100, 4, 'NRZ', 'single-mode', 40000, '40 km', ${JSON.stringify(LAN_WDM)}, 2, 'LC', 'IEEE 802.3 clause 88', 2010,
           '100G over four LAN-WDM wavelengths, 40 km.', '100G ueber vier LAN-WDM-Wellenlaengen, 40 km.')
         ON CONFLICT DO NOTHING`.execute(t.service.ctx.db.kysely);
    await insertFixtureCatalogue(t.service.ctx.db, PRODUCTS);
    token = await t.login();
    await price('lfl-a-lr4', FX.shopA, 140, 'USD');
    await price('lfl-b-lr4-std', FX.shopB, 120, 'GBP');
    await price('lfl-a-er4-std', FX.shopA, 900, 'USD');
    await price('lfl-b-unknown', FX.shopB, 100, 'GBP');
  });
  afterAll(async () => t?.close());

  it('does not offer a 40 km ER4 as a comparable of a 10 km LR4, even when the ER4 states no reach but names its standard', async () => {
    const forLr4 = (await comparables('lfl-op-lr4')).map((c) => c.slug);
    expect(forLr4).not.toContain('lfl-a-er4-std');
    expect(forLr4).not.toContain('lfl-a-er4-40km');
    const forEr4 = await comparables('lfl-op-er4');
    expect(forEr4.map((c) => c.slug).sort()).toEqual(['lfl-a-er4-40km', 'lfl-a-er4-std', 'lfl-b-unknown']);
    expect(forEr4.find((c) => c.slug === 'lfl-a-er4-std')).toMatchObject({ comp_reach_meters: 0, comp_reach_class: '20-40 km' });
  });

  it("matches a product with reach 0 by its standard's reach class", async () => {
    const forLr4 = await comparables('lfl-op-lr4');
    expect(forLr4.map((c) => c.slug).sort()).toEqual(['lfl-a-lr4', 'lfl-b-lr4-std', 'lfl-b-unknown']);
    expect(forLr4.find((c) => c.slug === 'lfl-b-lr4-std')).toMatchObject({ comp_reach_meters: 0, comp_reach_class: '2-10 km' });
    expect((await comparables('lfl-op-er4')).map((c) => c.slug)).not.toContain('lfl-b-lr4-std');
  });

  it('still matches a product with neither a reach nor a standard reach (absent), and says its class is unknown', async () => {
    for (const operator of ['lfl-op-lr4', 'lfl-op-er4']) {
      const unknown = (await comparables(operator)).find((c) => c.slug === 'lfl-b-unknown');
      expect(unknown, operator).toMatchObject({ comp_reach_meters: null, comp_reach_class: null });
    }
  });

  it('matches direct-attach cables of different lengths, but not a 10GBASE-T module of the same form factor, speed and medium', async () => {
    const forDac = await comparables('lfl-op-dac-1m');
    expect(forDac.map((c) => `${c.slug} ${c.comp_reach_class}`)).toEqual(['lfl-a-dac-3m up to 10 m']);
  });

  it('refuses bad rates with 400 naming the field, and writes nothing', async () => {
    const good = { currency: 'GBP', rate_to_usd: 1.25, as_of: '2026-11-20', source: 'test fixture rate' };
    const cases: Array<[unknown, string]> = [
      [[good, { ...good, currency: 'JPY' }], 'body/1.currency must be one of: GBP, EUR'],
      [[good, { ...good, currency: 'USD' }], 'body/1.currency must be one of: GBP, EUR'],
      [[{ ...good, rate_to_usd: 0 }], 'body/0.rate_to_usd'],
      [[{ ...good, rate_to_usd: 'high' }], 'body/0.rate_to_usd'],
      [[{ ...good, as_of: '2026-02-30' }], 'body/0.as_of'],
      [[good, { ...good, currency: 'EUR', as_of: '2026-11-24' }], 'body/1.as_of 2026-11-24 lies in the future'],
      [[good, { ...good, rate_to_usd: 1.3 }], 'body/1.as_of: a second GBP rate for 2026-11-20'],
      [[{ ...good, source: '' }], 'body/0.source'],
      [[{ currency: 'GBP', rate_to_usd: 1.25, as_of: '2026-11-20' }], 'source'],
      [[], 'body must NOT have fewer than 1 items'],
    ];
    for (const [body, message] of cases) {
      const response = await putRates(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect((await getJson<{ items: unknown[] }>('/api/currency-rates')).items).toEqual([]);
    expect((await fetch(`${t.url}/api/currency-rates`, { method: 'PUT', body: JSON.stringify([good]) })).status).toBe(401);
  });

  it('without a rate, leaves a GBP price unconverted with its original price and says so', async () => {
    const gbp = (await comparables('lfl-op-lr4')).find((c) => c.slug === 'lfl-b-lr4-std')!;
    expect(gbp).toMatchObject({ price: 120, currency: 'GBP', price_converted: null });
    expect(gbp.conversion_note).toContain('no GBP to USD rate');
    const usd = (await comparables('lfl-op-lr4')).find((c) => c.slug === 'lfl-a-lr4')!;
    expect(usd.price_converted).toEqual({ amount: 140, currency: 'USD', rate: 1, rate_as_of: null, rate_source: 'same currency, not converted' });
  });

  it('converts GBP prices with the latest stored rate, stating rate, day and source, and sorts by the converted amount', async () => {
    const stored = await putRates([
      { currency: 'GBP', rate_to_usd: 1.31, as_of: '2026-10-01', source: 'older test rate' },
      { currency: 'GBP', rate_to_usd: 1.25, as_of: '2026-11-20', source: 'test fixture rate' },
    ]);
    expect(stored.status).toBe(200);
    const rates = await getJson<{ base_currency: string; items: Array<{ as_of: string; in_use: boolean }> }>('/api/currency-rates');
    expect(rates.base_currency).toBe('USD');
    expect(rates.items.map((r) => `${r.as_of}:${r.in_use}`)).toEqual(['2026-11-20:true', '2026-10-01:false']);

    const inUsd = await comparables('lfl-op-lr4');
    const gbp = inUsd.find((c) => c.slug === 'lfl-b-lr4-std')!;
    expect(gbp).toMatchObject({ price: 120, currency: 'GBP', conversion_note: null });
    expect(gbp.price_converted).toEqual({ amount: 150, currency: 'USD', rate: 1.25, rate_as_of: '2026-11-20', rate_source: 'test fixture rate' });
    // By converted amount: 100 GBP = 125 USD, 140 USD, 120 GBP = 150 USD (unconverted, both GBP rows would come first).
    expect(inUsd.filter((c) => c.price !== null).map((c) => c.slug)).toEqual(['lfl-b-unknown', 'lfl-a-lr4', 'lfl-b-lr4-std']);

    const inGbp = await comparables('lfl-op-lr4', '?currency=GBP');
    expect(inGbp.find((c) => c.slug === 'lfl-a-lr4')!.price_converted).toEqual({
      amount: 112,
      currency: 'GBP',
      rate: 0.8,
      rate_as_of: '2026-11-20',
      rate_source: 'test fixture rate',
    });
  });

  it('leaves prices unconverted when the comparison currency has no rate, and refuses an unknown comparison currency', async () => {
    const inEur = await comparables('lfl-op-lr4', '?currency=EUR');
    for (const c of inEur.filter((row) => row.price !== null)) {
      expect(c.price_converted, c.slug).toBeNull();
      expect(c.conversion_note, c.slug).toContain(`no ${c.currency} to EUR rate`);
    }
    const bad = await call('/api/transceivers/lfl-op-lr4?currency=JPY');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('querystring/currency must be one of: USD, GBP, EUR');
  });

  it('refreshes the stored comparable prices under the same rule, converted on reading', async () => {
    expect((await call('/api/prices/comparables/refresh', { method: 'POST' })).status).toBe(200);
    const forLr4 = await getJson<{ items: Stored[] }>('/api/prices/comparables?operator_transceiver=lfl-op-lr4');
    expect(forLr4.items.map((s) => s.competitor_slug)).toEqual(['lfl-b-unknown', 'lfl-a-lr4', 'lfl-b-lr4-std']);
    expect(forLr4.items[2]!.price_converted).toMatchObject({ amount: 150, currency: 'USD', rate: 1.25, rate_as_of: '2026-11-20' });
    const forEr4 = await getJson<{ items: Stored[] }>('/api/prices/comparables?operator_transceiver=lfl-op-er4&currency=GBP');
    expect(forEr4.items.map((s) => `${s.competitor_slug} ${s.price_converted?.amount} ${s.price_converted?.currency}`)).toEqual([
      'lfl-b-unknown 100 GBP',
      'lfl-a-er4-std 720 GBP',
    ]);
  });
});
