import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedForecastData } from '../../../src/service/features/forecast/forecast.seed.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

interface Point {
  year: number;
  units_millions: number;
}
interface Factor {
  name: string;
  value: number;
  source: string;
  detail: string;
}

/**
 * The forecasts against the market they describe: mature technologies continue their own series, the world market is
 * never a sliver of one operator's demand, phases agree with shipments, and generated demo prices never set a rate.
 * 1G gets two demo-shop products with generated (seed) prices falling 30 % a year and 13,750 units of our own demand.
 */
describe('forecasts that follow the market', () => {
  let t: TestService;
  let token: string;
  const get = async (path: string) => {
    const response = await t.service.http.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const curveOf = async (tech: string) => {
    const { body } = await get(`/api/hype-cycle/${encodeURIComponent(tech)}`);
    return new Map((body.curve as Point[]).map((p) => [p.year, p.units_millions]));
  };

  beforeAll(async () => {
    t = await startTestService();
    const { db } = t.service.ctx;
    await seedForecastData(db, t.service.config.resourcesDir);
    token = await t.login();
    const now = Date.now();
    await sql`INSERT INTO vendors (id, name, kind, is_demo) VALUES ('mk-shop', 'Market Shop', 'competitor', 1)`.execute(db.kysely);
    await sql`INSERT INTO form_factors (name, full_name, speed, max_speed_gbps, channels, status, supersedes, introduced_year, description_en, description_de)
         VALUES ('SFP', 'Small Form-factor Pluggable', '1G', 1, 1, 'legacy', NULL, 2001, 'One lane.', 'Ein Kanal.')
         ON CONFLICT (name) DO NOTHING`.execute(db.kysely);
    for (const [id, part, reach] of [
      ['mk-1', 'MK-1G-SX', 550],
      ['mk-2', 'MK-1G-LX', 10000],
    ] as const) {
      await sql`INSERT INTO transceivers (id, slug, vendor_id, part_number, name, form_factor, speed_gbps, fiber_type, wdm_type, wavelengths, reach_meters, reach_label, data_confidence)
       VALUES (${id}, ${id}, 'mk-shop', ${part}, ${`Market Shop SFP ${part}`}, 'SFP', 1, 'SMF', 'none', '[1310]', ${reach}, ${`${reach}m`}, 'scraped_unverified')`.execute(
        db.kysely,
      );
      for (let month = 0; month < 11; month += 1) {
        const at = now - 330 * DAY + (month * YEAR) / 12;
        const price = 20 * 0.7 ** ((at - (now - 330 * DAY)) / YEAR);
        await sql`INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source) VALUES (${id}, 'mk-shop', ${price}, 'EUR', ${new Date(at).toISOString()}, 'seed')`.execute(
          db.kysely,
        );
      }
      await sql`INSERT INTO internal_demand (sku, description, transceiver_id, speed_gbps, velocity_class, has_demand_data, units_12m, run_rate_30d, run_rate_90d, run_rate_365d, is_internal, updated_at)
       VALUES (${`SKU-${id}`}, ${part}, ${id}, 1, 'fast', 1, 6875, 573, 573, 573, 1, ${new Date(now).toISOString()})`.execute(db.kysely);
    }
  });
  afterAll(async () => t?.close());

  it('1G, 10G, 40G and 100G continue their own series: the first forecast year within 15 % of the last shipment point, then at most 15 % a year down', async () => {
    for (const tech of ['1G', '10G', '40G', '100G']) {
      const curve = await curveOf(tech);
      const last = curve.get(2025) as number;
      const next = curve.get(2026) as number;
      expect(next / last, `${tech} 2026 vs 2025`).toBeGreaterThan(0.85);
      expect(next / last, `${tech} 2026 vs 2025`).toBeLessThan(1.15);
      expect((curve.get(2027) as number) / next, `${tech} 2027 vs 2026`).toBeGreaterThan(0.85);
    }
  });

  it('100G stays near steady (LightCounting: 100GbE sales steady through 2026), not "hold, -48 % a year"; 400G does not fall away either', async () => {
    for (const tech of ['100G', '400G']) {
      const { body } = await get(`/api/forecast/${tech}`);
      expect(body.market_growth_12m_pct as number, tech).toBeGreaterThan(-10);
    }
  });

  it('GET /api/forecast/1G: the world market is millions of modules, our 13,750 units well under 1 % of it', async () => {
    const { body } = await get('/api/forecast/1G');
    expect(body.demand_calibrated).toBe(true);
    for (const h of body.horizons as Array<{ months: number; market_ports_millions: number; units: number }>) {
      expect(h.units, `${h.months} months`).toBeLessThan(h.market_ports_millions * 1e6 * 0.01);
    }
    const year = (body.horizons as Array<{ months: number; market_ports_millions: number }>).find((h) => h.months === 12);
    expect(year?.market_ports_millions).toBeGreaterThan(5);
    expect((body.reasons as string[]).some((r) => r.includes('exceeds the modelled world market'))).toBe(false);
  });

  it('demo prices never set the ASP decline: the published rate is used and cited, and the prices are marked demo', async () => {
    const { body } = await get('/api/hype-cycle/1G');
    const asp = (body.factors as Factor[]).find((f) => f.name === 'asp_decline') as Factor;
    expect(asp.source).toBe('published');
    expect(asp.value).toBe(0.1);
    expect(asp.detail).toMatch(/^published: LightCounting/);
    expect(asp.detail).toContain('22 price observations are generated demo prices, not used');
    expect((await get('/api/hype-cycle/10G')).body.factors).toContainEqual(expect.objectContaining({ name: 'asp_decline', value: 0.15, source: 'published' }));
    expect((await get('/api/hype-cycle/400ZR')).body.factors).toContainEqual(
      expect.objectContaining({ name: 'asp_decline', value: 0.25, source: 'published' }),
    );
    const forecast = await get('/api/forecast/1G');
    expect((forecast.body.reasons as string[]).find((r) => r.startsWith('ASP decline'))).toMatch(/^ASP decline 10\.0 % per year \(published: LightCounting/);
    const enriched = await get('/api/hype-cycle/enriched');
    const one = (
      enriched.body.technologies as Array<{ name: string; catalogue: { prices: Array<{ currency: string; demo: boolean }>; asp_source: string } }>
    ).find((x) => x.name === '1G');
    expect(one?.catalogue.prices).toContainEqual(expect.objectContaining({ currency: 'EUR', demo: true }));
    expect(one?.catalogue.asp_source).toBe('published');
  });

  it('400ZR: first shipments 2021 (generally available in the second half), growing strongly in 2024; revenue never peaked in 2020', async () => {
    const { body } = await get('/api/hype-cycle/400ZR');
    expect((body.launch as { year: number; source: string }).year).toBe(2021);
    expect((body.launch as { source: string }).source).toContain('second half of 2021');
    const shipments = body.shipments as Point[];
    expect(Math.min(...shipments.map((s) => s.year))).toBe(2021);
    const at = (year: number) => shipments.find((s) => s.year === year)?.units_millions as number;
    expect(at(2024) / at(2023)).toBeGreaterThan(1.35);
    const lifecycle = await get('/api/hype-cycle/lifecycle');
    const zr = (lifecycle.body.technologies as Array<{ name: string; peak_year: number }>).find((x) => x.name === '400ZR Coherent');
    expect(zr?.peak_year).toBeGreaterThanOrEqual(2025);
  });

  it("a technology's phase agrees with its shipments: 800G in its record year is past the trough", async () => {
    const { body } = await get('/api/hype-cycle/800G');
    const curve = await curveOf('800G');
    expect(curve.get(2026) as number).toBeGreaterThan(curve.get(2025) as number);
    expect(body.phase).not.toBe('Trough of Disillusionment');
    expect(body.phase_index as number).toBeGreaterThanOrEqual(3);
    expect(body.phase_rule).toMatch(/past the trough/);
  });

  it('volumes meet the counts they cite: 400G and above >= 31.9 M in 2025 (TrendForce), 1.6T >= 10 M in 2026', async () => {
    let total = 0;
    for (const tech of ['400G', '800G', '1.6T']) total += (await curveOf(tech)).get(2025) as number;
    expect(total).toBeGreaterThanOrEqual(31.9);
    expect((await curveOf('1.6T')).get(2026) as number).toBeGreaterThanOrEqual(10);
  });

  it('the regions ship the world market between them (lagged), not the first purchases alone', async () => {
    const { body } = await get('/api/hype-cycle/regional/1G');
    const regions = body.regions as Array<{ forecast_5y: Point[] }>;
    const year = regions[0]?.forecast_5y[0]?.year as number;
    const world = (await curveOf('1G')).get(year) as number;
    const sum = regions.reduce((s, r) => s + (r.forecast_5y[0]?.units_millions ?? 0), 0);
    expect(sum / world).toBeGreaterThan(0.9);
    expect(sum / world).toBeLessThan(1.2);
  });

  it('own demand above the modelled world market is called out in the reasons, never passed off as a forecast', async () => {
    const { db } = t.service.ctx;
    await sql`INSERT INTO transceivers (id, slug, vendor_id, part_number, name, form_factor, speed_gbps, fiber_type, wdm_type, wavelengths, reach_meters, reach_label, data_confidence)
       VALUES ('mk-cpo', 'mk-cpo', 'mk-shop', 'MK-CPO', 'Market Shop CPO engine', 'SFP', 3200, 'SMF', 'none', '[1310]', 500, '500m', 'scraped_unverified')`.execute(
      db.kysely,
    );
    await sql`INSERT INTO internal_demand (sku, description, transceiver_id, speed_gbps, velocity_class, has_demand_data, units_12m, run_rate_30d, run_rate_90d, run_rate_365d, is_internal, updated_at)
       VALUES ('SKU-mk-cpo', 'CPO engine', 'mk-cpo', 3200, 'fast', 1, 2400000, 200000, 200000, 200000, 1, ${new Date().toISOString()})`.execute(db.kysely);
    const { body } = await get('/api/forecast/CPO');
    expect(body.demand_calibrated).toBe(true);
    expect((body.reasons as string[]).some((r) => r.includes('internal demand exceeds the modelled world market'))).toBe(true);
  });
});
