import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastTables } from '../../../src/service/db/tables/forecast.tables.js';
import { seedForecastData } from '../../../src/service/features/forecast/forecast.seed.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

interface Factor {
  name: string;
  value: number;
  source: string;
  detail: string;
}

/**
 * The factors the catalogue knows come from the catalogue once it has data: 400G products, prices falling 20 % a
 * year, tagged news and internal demand are inserted; 1.6T gets none and keeps the data set's values.
 */
describe('forecast factors computed from the catalogue, with the data set as fallback', () => {
  let t: TestService;
  let token: string;
  let baseline: { prices400: number; news400: number };
  const get = async (path: string) => {
    const response = await t.service.http.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const factor = (body: Record<string, unknown>, name: string) => (body.factors as Factor[]).find((f) => f.name === name) as Factor;

  beforeAll(async () => {
    t = await startTestService();
    const { db } = t.service.ctx;
    await seedForecastData(db, t.service.config.resourcesDir);
    token = await t.login();
    const count = async (query: RawBuilder<{ n: number }>) => Number((await query.execute(db.kysely)).rows[0]?.n);
    baseline = {
      prices400: await count(
        sql`SELECT count(*) AS n FROM price_observations p JOIN transceivers t ON t.id = p.transceiver_id WHERE t.speed_gbps = 400 AND t.wdm_type <> 'coherent'`,
      ),
      news400: await count(sql`SELECT count(*) AS n FROM news_articles WHERE tags LIKE '%"400g"%'`),
    };

    const now = Date.now();
    await sql`INSERT INTO vendors (id, name, kind, is_demo) VALUES ('fc-shop-a', 'Forecast Shop A', 'competitor', 1), ('fc-shop-b', 'Forecast Shop B', 'competitor', 1)`.execute(
      db.kysely,
    );
    await sql`INSERT INTO form_factors (name, full_name, speed, max_speed_gbps, channels, status, supersedes, introduced_year, description_en, description_de)
         VALUES ('QSFP-DD', 'Quad Small Form-factor Pluggable Double Density', '400G', 400, 8, 'mainstream', NULL, 2016, 'Eight electrical lanes.', 'Acht elektrische Kanaele.')
         ON CONFLICT (name) DO NOTHING`.execute(db.kysely);
    const product = (id: string, slug: string, vendor: string, part: string, name: string, wdm: string, wavelengths: string, reach: number, label: string) =>
      sql`INSERT INTO transceivers (id, slug, vendor_id, part_number, name, form_factor, speed_gbps, fiber_type, wdm_type, wavelengths, reach_meters, reach_label, data_confidence)
       VALUES (${id}, ${slug}, ${vendor}, ${part}, ${name}, 'QSFP-DD', 400, 'SMF', ${wdm}, ${wavelengths}, ${reach}, ${label}, 'scraped_unverified')`.execute(
        db.kysely,
      );
    // 400GBASE-DR4: four 1311 nm lanes over parallel SMF, 500 m; 400GBASE-FR4: four CWDM lanes, 2 km (IEEE 802.3bs/cu).
    await product('fc-1', 'fc-a-400g-dr4', 'fc-shop-a', 'FCA-400G-DR4', 'Shop A QSFP-DD 400GBASE-DR4 500m', 'PSM', '[1311]', 500, '500m');
    await product('fc-2', 'fc-a-400g-fr4', 'fc-shop-a', 'FCA-400G-FR4', 'Shop A QSFP-DD 400GBASE-FR4 2km', 'CWDM', '[1271,1291,1311,1331]', 2000, '2km');
    await product('fc-3', 'fc-b-400g-dr4', 'fc-shop-b', 'FCB-400G-DR4', 'Shop B QSFP-DD 400G DR4', 'PSM', '[1311]', 500, '500m');
    for (const [id, vendor, first] of [
      ['fc-1', 'fc-shop-a', 900],
      ['fc-2', 'fc-shop-a', 1400],
      ['fc-3', 'fc-shop-b', 850],
    ] as const) {
      for (let month = 0; month < 11; month += 1) {
        const at = now - 330 * DAY + (month * YEAR) / 12;
        const price = first * 0.8 ** ((at - (now - 330 * DAY)) / YEAR);
        await sql`INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source) VALUES (${id}, ${vendor}, ${price}, 'USD', ${new Date(at).toISOString()}, 'import')`.execute(
          db.kysely,
        );
      }
    }
    const news = (id: string, title: string, at: number, tags: string, sentiment: number) =>
      sql`INSERT INTO news_articles (id, title, summary, source, published_at, tags, sentiment) VALUES (${id}, ${title}, 'Test article.', 'Test feed', ${new Date(at).toISOString()}, ${tags}, ${sentiment})`.execute(
        db.kysely,
      );
    await news('fc-n1', '400G demand up', now - 30 * DAY, '["400g"]', 0.5);
    await news('fc-n2', '400G price war', now - 60 * DAY, '["400g","pricing"]', -0.3);
    await news('fc-n3', '400G DR4 interop', now - 90 * DAY, '["400g"]', 0.4);
    await news('fc-n4', 'old 400G story', now - 900 * DAY, '["400g"]', 1);
    const demand = (sku: string, description: string, transceiver: string, units: number, r30: number, r90: number, r365: number, internal: number) =>
      sql`INSERT INTO internal_demand (sku, description, transceiver_id, speed_gbps, velocity_class, has_demand_data, units_12m, run_rate_30d, run_rate_90d, run_rate_365d, is_internal, updated_at)
       VALUES (${sku}, ${description}, ${transceiver}, 400, 'fast', 1, ${units}, ${r30}, ${r90}, ${r365}, ${internal}, ${new Date(now).toISOString()})`.execute(
        db.kysely,
      );
    await demand('FC-SKU-1', '400G DR4', 'fc-1', 1200, 120, 100, 100, 0);
    await demand('FC-SKU-2', '400G FR4', 'fc-2', 600, 40, 50, 50, 1);
  });
  afterAll(async () => t?.close());

  it('ASP decline comes from the price observations and says how many and when', async () => {
    const { body } = await get('/api/hype-cycle/400G');
    const asp = factor(body, 'asp_decline');
    expect(asp.source).toBe('catalogue');
    expect(asp.detail).toMatch(/^catalogue: \d+ price observations \d{4}-\d{2}\.\.\d{4}-\d{2} in \d+ product series/);
    if (baseline.prices400 === 0) {
      expect(asp.value).toBeCloseTo(0.2, 3);
      expect(asp.detail).toContain('catalogue: 33 price observations');
    }
  });

  it('vendor trajectory and media sentiment come from the catalogue and the news', async () => {
    const { body } = await get('/api/hype-cycle/400G');
    const vendors = factor(body, 'vendor_trajectory');
    expect(vendors.source).toBe('catalogue');
    expect(vendors.detail).toMatch(/^catalogue: \d+ of \d+ vendors offer it/);
    const sentiment = factor(body, 'media_sentiment');
    expect(sentiment.source).toBe('catalogue');
    if (baseline.news400 === 0) {
      // The 900-day-old article is outside the two-year window: mean |s| of 0.5, -0.3, 0.4 is 0.4, mean s +0.20.
      expect(sentiment.value).toBeCloseTo(0.4, 6);
      expect(sentiment.detail).toContain('3 news articles');
      expect(sentiment.detail).toContain('mean sentiment +0.20');
    }
  });

  it('a technology without catalogue data falls back to the data set and says so', async () => {
    const { body } = await get('/api/hype-cycle/CPO');
    for (const name of ['asp_decline', 'vendor_trajectory', 'media_sentiment']) {
      const f = factor(body, name);
      if (f.source === 'data set') expect(f.detail).toMatch(/^data set: /);
    }
    expect(factor(body, 'standards_maturity').detail).toContain('OIF');
  });

  it('enriched shows the catalogue products and prices per currency', async () => {
    const { body } = await get('/api/hype-cycle/enriched');
    const tech = (
      body.technologies as Array<{ name: string; catalogue: { products: number; vendors: number; prices: Array<{ currency: string; observations: number }> } }>
    ).find((x) => x.name === '400G');
    expect(tech?.catalogue.products).toBeGreaterThanOrEqual(3);
    expect(tech?.catalogue.vendors).toBeGreaterThanOrEqual(2);
    expect(tech?.catalogue.prices.find((p) => p.currency === 'USD')?.observations).toBeGreaterThanOrEqual(33);
  });

  it('internal demand run-rates calibrate the sales forecast (demand_calibrated)', async () => {
    const { status, body } = await get('/api/forecast/400G');
    expect(status).toBe(200);
    expect(body.demand_calibrated).toBe(true);
    const demand = body.demand as { skus: number; run_rate_90d: number; base_units_per_month: number; basis: string };
    expect(demand.skus).toBeGreaterThanOrEqual(2);
    expect(demand.run_rate_90d).toBeGreaterThanOrEqual(150);
    expect(demand.basis).toBe('90-day run-rate');
    const horizons = body.horizons as Array<{ months: number; units: number }>;
    for (const h of horizons) expect(h.units).toBeGreaterThan(0);
    // Units follow the run-rate times the curve: 18 months is more than 12, which is more than 3.
    expect(horizons[3]?.units).toBeGreaterThan(horizons[2]?.units ?? 0);
    expect(horizons[2]?.units).toBeGreaterThan(horizons[0]?.units ?? 0);
    expect((body.reasons as string[]).some((r) => r.startsWith('internal demand:'))).toBe(true);
  });

  it('seedForecastData is idempotent and reloads when the data set changes', async () => {
    const { db } = t.service.ctx;
    const again = await seedForecastData(db, t.service.config.resourcesDir);
    expect(again.loaded).toBe(false);
    const rows = async (table: 'technologies' | 'technology_shipments') =>
      Number(
        (
          await db.kysely
            .withTables<ForecastTables>()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await rows('technologies')).toBe(11);

    const copy = mkdtempSync(join(tmpdir(), 'ti-forecast-res-'));
    try {
      cpSync(join(t.service.config.resourcesDir, 'seed', 'technologies'), join(copy, 'seed', 'technologies'), { recursive: true });
      const file = join(copy, 'seed', 'technologies', 'technologies.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"m": 118,', '"m": 555,'));
      const changed = await seedForecastData(db, copy);
      expect(changed.loaded).toBe(true);
      const { body } = await get('/api/hype-cycle/800G');
      expect((body.model as { m: number }).m).toBe(555);
      expect(await rows('technology_shipments')).toBe(changed.shipments);
    } finally {
      rmSync(copy, { recursive: true, force: true });
      await seedForecastData(db, t.service.config.resourcesDir);
    }
  });
});
