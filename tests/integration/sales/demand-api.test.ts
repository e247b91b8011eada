import { sql as raw } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastInput, HypeWeights, StockAnalysis, VelocityBreakdown, DemandBySpeed } from '../../../src/shared/api/sales/demand.schemas.js';
import { asRowViewer } from '../../../src/service/db/row-viewer.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const URGENCY_RANK = { critical: 0, low: 1, ok: 2, overstock: 3 } as const;

describe('GET /api/internal/demand/* over the seeded data set', () => {
  let t: TestService;
  let token: string;
  const get = async <T>(path: string) => {
    const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as T };
  };
  /**
   * Statements of the test's own, written alike for both engines (no parameters: the texts are the test's), on every
   * row: PostgreSQL's row-level security shows internal rows to the service's own work or a signed-in viewer only.
   */
  const sql = async <R = unknown>(text: string) => (await asRowViewer(t.service.ctx.db, 'service', (tx) => raw<R>`${raw.raw(text)}`.execute(tx.kysely))).rows;
  const count = async (where: string) => Number((await sql<{ n: number }>(`SELECT count(*) AS n FROM internal_demand WHERE ${where}`))[0]?.n);

  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { SEED_ON_START: 'true' } });
    token = await t.login();
  });
  afterAll(async () => t.close());

  it('stock-analysis: most urgent first, then shortest coverage; pages join up to the whole list', async () => {
    const full = (await get<StockAnalysis>('/api/internal/demand/stock-analysis?velocity_class=fast&limit=500')).body;
    expect(full.total).toBe(await count("velocity_class = 'fast'"));
    const key = (i: StockAnalysis['items'][number]) => [URGENCY_RANK[i.reorder_urgency!], i.coverage_days_de ?? Number.POSITIVE_INFINITY] as const;
    for (let k = 1; k < full.items.length; k += 1) {
      const [a, b] = [key(full.items[k - 1]!), key(full.items[k]!)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]), `${full.items[k - 1]!.sku} before ${full.items[k]!.sku}`).toBe(true);
    }
    const pages = [];
    for (let offset = 0; offset < full.total; offset += 25)
      pages.push(...(await get<StockAnalysis>(`/api/internal/demand/stock-analysis?velocity_class=fast&limit=25&offset=${offset}`)).body.items);
    expect(pages.map((i) => i.sku)).toEqual(full.items.map((i) => i.sku));
  });

  it('stock-analysis: the counts per urgency add up, and the urgency filter returns exactly its count', async () => {
    const all = (await get<StockAnalysis>('/api/internal/demand/stock-analysis?limit=1')).body;
    expect(Object.values(all.counts).reduce((a, b) => a + b, 0)).toBe(all.total);
    expect(all.counts.unassessed).toBe(await count('has_demand_data = 0'));
    for (const urgency of ['critical', 'low', 'ok', 'overstock', 'unassessed'] as const) {
      const page = (await get<StockAnalysis>(`/api/internal/demand/stock-analysis?urgency=${urgency}&limit=500`)).body;
      expect(page.total, urgency).toBe(all.counts[urgency]);
      expect(page.items.every((i) => (i.reorder_urgency ?? 'unassessed') === urgency)).toBe(true);
    }
    expect(all.counts.critical).toBeGreaterThan(0);
    expect(all.counts.overstock).toBeGreaterThan(0);
  });

  it('stock-analysis: speed with a unit, form factor in any case, text; bad filters are 400s naming the field', async () => {
    const bySpeed = (await get<StockAnalysis>('/api/internal/demand/stock-analysis?speed_gbps=1.6T&limit=500')).body;
    expect(bySpeed.total).toBe(await count('speed_gbps = 1600'));
    expect(bySpeed.items.every((i) => i.speed_gbps === 1600)).toBe(true);
    const byForm = (await get<StockAnalysis>('/api/internal/demand/stock-analysis?form_factor=qsfp28&limit=1')).body;
    expect(byForm.total).toBe(await count("form_factor = 'QSFP28'"));
    const text = (await get<StockAnalysis>('/api/internal/demand/stock-analysis?q=100%25_')).body;
    expect(text.total).toBe(0);
    const bad = await get<{ message: string }>('/api/internal/demand/stock-analysis?urgency=urgent');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('querystring/urgency must be one of: critical, low, ok, overstock, unassessed');
    expect((await get('/api/internal/demand/stock-analysis?speed_gbps=fast')).status).toBe(400);
    expect((await get('/api/internal/demand/stock-analysis?limit=501')).status).toBe(400);
  });

  it('stock-analysis: a zero-rate SKU with stock is overstock with null coverage and momentum; JSON has no NaN', async () => {
    await sql(
      `INSERT INTO internal_demand (sku, description, form_factor, speed_gbps, velocity_class, has_demand_data, units_12m, run_rate_30d, run_rate_90d, run_rate_365d, stock_de, is_internal, updated_at)
       VALUES ('ZZ-DEAD', 'test dead stock', 'SFP28', 25, 'non-moving', 1, 0, 0, 0, 0, 7, 1, '2026-11-01T00:00:00Z'),
              ('ZZ-NEW', 'test new product', 'SFP28', 25, 'non-moving', 1, 0, 12, 0, 0, 0, 0, '2026-11-01T00:00:00Z')`,
    );
    try {
      const response = await fetch(`${t.url}/api/internal/demand/stock-analysis?q=ZZ-`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      expect(text).not.toMatch(/NaN|Infinity/);
      const items = (JSON.parse(text) as StockAnalysis).items;
      expect(items.map((i) => [i.sku, i.reorder_urgency, i.coverage_days_de, i.momentum_ratio])).toEqual([
        ['ZZ-NEW', 'critical', 0, null],
        ['ZZ-DEAD', 'overstock', null, null],
      ]);
    } finally {
      await sql("DELETE FROM internal_demand WHERE sku LIKE 'ZZ-%'");
    }
  });

  it('velocity: every class with its rule, the counts of the data set, shares adding up to 100 %', async () => {
    const { body } = await get<VelocityBreakdown>('/api/internal/demand/velocity');
    expect(body.items.map((i) => i.velocity_class)).toEqual(['fast', 'medium', 'slow', 'non-moving', 'unknown']);
    for (const item of body.items) expect(item.skus, item.velocity_class).toBe(await count(`velocity_class = '${item.velocity_class}'`));
    expect(body.items.find((i) => i.velocity_class === 'fast')!.rule).toBe('365-day run-rate >= 50 units per month');
    expect(body.items.find((i) => i.velocity_class === 'medium')!.rule).toBe('365-day run-rate >= 10 and < 50 units per month');
    expect(body.items.find((i) => i.velocity_class === 'unknown')!.skus_with_data).toBe(0);
    expect(body.items.reduce((s, i) => s + i.share_of_skus_pct, 0)).toBeCloseTo(100, 1);
  });

  it('by-speed: one group per speed with its label; unit shares add up to 100 %', async () => {
    const { body } = await get<DemandBySpeed>('/api/internal/demand/by-speed');
    const g400 = body.items.find((i) => i.speed_gbps === 400)!;
    expect(g400.speed).toBe('400G');
    expect(g400.skus).toBe(await count('speed_gbps = 400'));
    expect(body.items.at(-1)!.speed_gbps).toBeNull();
    expect(body.items.reduce((s, i) => s + i.share_of_units_pct, 0)).toBeCloseTo(100, 1);
    for (const item of body.items) if (item.momentum_ratio !== null) expect(item.momentum_ratio).toBeCloseTo(item.run_rate_30d / item.run_rate_365d, 3);
  });

  it('forecast-input drives the sales forecast: demand_calibrated agrees per technology and flips with the demand data', async () => {
    const agree = async () => {
      const input = (await get<ForecastInput>('/api/internal/demand/forecast-input')).body;
      expect(input.items).toHaveLength(11);
      for (const item of input.items) {
        const forecast = (await get<{ demand_calibrated: boolean; demand: { skus: number } | null }>(`/api/forecast/${encodeURIComponent(item.technology)}`))
          .body;
        expect(forecast.demand_calibrated, item.technology).toBe(item.demand_calibrated);
        expect(forecast.demand?.skus ?? 0).toBe(item.demand_calibrated ? item.skus : 0);
      }
      return input.items;
    };
    const before = await agree();
    expect(before.some((i) => i.demand_calibrated)).toBe(true);
    const calibrated = before.find((i) => i.demand_calibrated)!;
    expect(calibrated.base_units_per_month).toBeCloseTo(calibrated.run_rate_90d, 3);

    const saved = await sql<{ sku: string }>('SELECT sku FROM internal_demand WHERE has_demand_data = 1');
    await sql('UPDATE internal_demand SET has_demand_data = 0 WHERE has_demand_data = 1');
    try {
      const without = await agree();
      expect(without.every((i) => !i.demand_calibrated && i.base_units_per_month === null && i.skus === 0)).toBe(true);
      const weights = (await get<HypeWeights>('/api/internal/demand/hype-weights')).body;
      expect(weights.items.every((i) => i.weight === 0 && i.momentum_weight === 0)).toBe(true);
    } finally {
      await asRowViewer(t.service.ctx.db, 'service', (tx) =>
        raw`UPDATE internal_demand SET has_demand_data = 1 WHERE sku IN (${raw.join(saved.map((r) => r.sku))})`.execute(tx.kysely),
      );
    }
    expect((await agree()).map((i) => i.demand_calibrated)).toEqual(before.map((i) => i.demand_calibrated));

    const one = await get<ForecastInput>(`/api/internal/demand/forecast-input?technology=${encodeURIComponent(calibrated.technology)}`);
    expect(one.body.items).toEqual([calibrated]);
    expect((await get('/api/internal/demand/forecast-input?technology=no-such-tech')).status).toBe(404);
  });

  it('hype-weights: shares of the base run-rates, adding up to 1, heaviest first', async () => {
    const { body } = await get<HypeWeights>('/api/internal/demand/hype-weights');
    const input = (await get<ForecastInput>('/api/internal/demand/forecast-input')).body;
    const sum = input.items.reduce((s, i) => s + (i.base_units_per_month ?? 0), 0);
    expect(body.items.reduce((s, i) => s + i.weight, 0)).toBeCloseTo(1, 3);
    expect(body.items.reduce((s, i) => s + i.momentum_weight, 0)).toBeCloseTo(1, 3);
    for (const item of body.items) {
      const base = input.items.find((i) => i.technology === item.technology)!.base_units_per_month ?? 0;
      expect(item.weight).toBeCloseTo(base / sum, 4);
    }
    expect(body.items.map((i) => i.weight)).toEqual([...body.items.map((i) => i.weight)].sort((a, b) => b - a));
  });
});
