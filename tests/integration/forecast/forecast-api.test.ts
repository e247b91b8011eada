import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastTables } from '../../../src/service/db/tables/forecast.tables.js';
import { bassCumulative } from '../../../src/service/features/forecast/bass.model.js';
import { seedForecastData } from '../../../src/service/features/forecast/forecast.seed.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const NAMES = ['1G', '10G', '25G', '40G', '100G', '400G', '800G', '1.6T', 'CPO', 'LPO', '400ZR Coherent'];
const PHASES = ['Innovation Trigger', 'Peak of Inflated Expectations', 'Trough of Disillusionment', 'Slope of Enlightenment', 'Plateau of Productivity'];

interface Factor {
  name: string;
  weight: number;
  contribution: number;
  weighted: number;
  source: string;
  detail: string;
  value: number;
}
interface Entry {
  name: string;
  phase: string;
  phase_index: number;
  score: number;
  factors: Factor[];
  forecast_5y: Array<{ year: number; units_millions: number }>;
}

describe('forecast API over real HTTP', () => {
  let t: TestService;
  let token: string;
  const get = async (path: string, auth = true) => {
    const response = await fetch(`${t.url}${path}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await startTestService({ listen: true });
    await seedForecastData(t.service.ctx.db, t.service.config.resourcesDir);
    token = await t.login();
  });
  afterAll(async () => t?.close());

  it('GET /api/hype-cycle: the 11 technologies with phase, score = sum of weighted factors, sources and a 5-year forecast', async () => {
    const { status, body } = await get('/api/hype-cycle');
    expect(status).toBe(200);
    const techs = body.technologies as Entry[];
    expect(techs.map((x) => x.name)).toEqual(NAMES);
    for (const tech of techs) {
      expect(PHASES[tech.phase_index]).toBe(tech.phase);
      expect(tech.factors.map((f) => f.name)).toEqual([
        'port_shipment_share',
        'asp_decline',
        'standards_maturity',
        'interoperability',
        'vendor_trajectory',
        'media_sentiment',
      ]);
      expect(tech.factors.reduce((s, f) => s + f.weighted, 0)).toBeCloseTo(tech.score, 3);
      for (const f of tech.factors) {
        expect(['catalogue', 'published', 'data set', 'model']).toContain(f.source);
        expect(f.detail.startsWith(`${f.source}:`)).toBe(true);
      }
      expect(tech.forecast_5y).toHaveLength(5);
      for (const point of tech.forecast_5y) expect(point.units_millions).toBeGreaterThanOrEqual(0);
    }
    const byName = new Map(techs.map((x) => [x.name, x]));
    // 1G, standardised in 1998, is further along than 1.6T, whose standard is still a draft.
    expect(byName.get('1G')?.score).toBeGreaterThan(byName.get('1.6T')?.score ?? 1);
    expect(byName.get('1.6T')?.factors.find((f) => f.name === 'standards_maturity')?.contribution).toBe(0.1);
  });

  it('GET /api/hype-cycle/:tech resolves exact names, then speeds with units; 1.6T never becomes 1G', async () => {
    for (const [query, expected] of [
      ['1.6T', '1.6T'],
      ['1600G', '1.6T'],
      ['400', '400G'],
      ['400ZR', '400ZR Coherent'],
      ['400ZR%20Coherent', '400ZR Coherent'],
      ['1', '1G'],
      ['cpo', 'CPO'],
    ]) {
      const { status, body } = await get(`/api/hype-cycle/${query}`);
      expect(status, query).toBe(200);
      expect(body.name, query).toBe(expected);
    }
    const detail = (await get('/api/hype-cycle/800G')).body;
    expect((detail.standard as { name: string }).name).toBe('IEEE 802.3df');
    expect((detail.standard as { year: number }).year).toBe(2024);
    // 800G's points are a split of TrendForce's 400G-and-above totals: estimates, and the model says so.
    expect((detail.shipments as Array<{ kind: string }>).every((s) => s.kind === 'estimate')).toBe(true);
    expect((detail.model as { points_kind: string }).points_kind).toBe('estimate');
    const hundred = (await get('/api/hype-cycle/100G')).body;
    expect((hundred.shipments as Array<{ year: number; kind: string; units_millions: number }>).filter((s) => s.kind === 'published')).toEqual([
      expect.objectContaining({ year: 2017, units_millions: 3 }),
      expect.objectContaining({ year: 2018, units_millions: 7 }),
    ]);
    expect((hundred.model as { points_kind: string }).points_kind).toBe('mixed');
    expect((detail.logistic as { k: number }).k).toBeGreaterThan(0);
  });

  it('an unknown technology is a 404 that lists the valid names', async () => {
    const { status, body } = await get('/api/hype-cycle/3.2T');
    expect(status).toBe(404);
    for (const name of NAMES) expect(String(body.message)).toContain(name);
    expect((await get('/api/forecast/banana')).status).toBe(404);
    expect((await get('/api/adoption/banana')).status).toBe(404);
    expect((await get('/api/hype-cycle/regional/banana')).status).toBe(404);
  });

  it('static routes win over /api/hype-cycle/:tech', async () => {
    const enriched = await get('/api/hype-cycle/enriched');
    expect(enriched.status).toBe(200);
    const first = (enriched.body.technologies as Array<{ catalogue: { products: number; asp_source: string } }>)[0];
    expect(first?.catalogue).toBeDefined();
    const lifecycle = await get('/api/hype-cycle/lifecycle');
    expect(lifecycle.status).toBe(200);
    const techs = lifecycle.body.technologies as Array<{ name: string; peak_year: number; stage: string; series: Array<{ revenue_index: number }> }>;
    expect(techs).toHaveLength(11);
    for (const tech of techs) expect(Math.max(...tech.series.map((s) => s.revenue_index))).toBeLessThanOrEqual(100);
    expect(techs.find((x) => x.name === '1G')?.stage).toBe('decline');
  });

  it('GET /api/hype-cycle/regional/:tech: five regions whose potentials add up to m, lagging regions behind NA', async () => {
    const { status, body } = await get('/api/hype-cycle/regional/400G');
    expect(status).toBe(200);
    const regions = body.regions as Array<{ region: string; lag_years: number; demand_share: number; adoption_share_now: number }>;
    expect(regions.map((r) => r.region)).toEqual(['NA', 'China', 'APAC', 'Europe', 'RoW']);
    expect(regions.reduce((s, r) => s + r.demand_share, 0)).toBeCloseTo(1, 3);
    const na = regions[0] as (typeof regions)[number];
    for (const r of regions.slice(1)) expect(r.adoption_share_now).toBeLessThanOrEqual(na.adoption_share_now);
  });

  it('GET /api/forecast/:technology: 3, 9, 12, 18 months and a signal with reasons; no demand data means not calibrated', async () => {
    const { status, body } = await get('/api/forecast/400G');
    expect(status).toBe(200);
    expect((body.horizons as Array<{ months: number }>).map((h) => h.months)).toEqual([3, 9, 12, 18]);
    expect(['buy', 'wait', 'hold']).toContain(body.signal);
    expect((body.reasons as string[])[0]).toMatch(/^(buy|wait|hold):/);
    expect(body.demand_calibrated).toBe(false);
    const horizons = body.horizons as Array<{ market_ports_millions: number; units: number | null }>;
    for (let i = 1; i < horizons.length; i += 1) expect(horizons[i]?.market_ports_millions).toBeGreaterThan(horizons[i - 1]?.market_ports_millions ?? 0);
    expect(horizons.every((h) => h.units === null)).toBe(true);
    // 1G is long past its peak: hold.
    expect((await get('/api/forecast/1G')).body.signal).toBe('hold');
  });

  it('GET /api/adoption and /api/adoption/:technology: roadmap, migration paths with Norton-Bass crossovers, risks, timeline', async () => {
    const roadmap = await get('/api/adoption');
    expect(roadmap.status).toBe(200);
    const techs = roadmap.body.technologies as Array<{ name: string; year_10pct: number; year_50pct: number; year_90pct: number }>;
    expect(techs).toHaveLength(11);
    for (const x of techs) expect(x.year_10pct).toBeLessThan(x.year_50pct);
    const detail = await get('/api/adoption/400G');
    expect(detail.status).toBe(200);
    const paths = detail.body.migration_paths as Array<{ other: string; direction: string; crossover_year: number | null; chain: string[] }>;
    const from100 = paths.find((p) => p.other === '100G');
    expect(from100?.direction).toBe('to');
    expect(from100?.chain).toEqual(['1G', '10G', '40G', '100G', '400G', '800G', '1.6T']);
    expect(from100?.crossover_year).toBeGreaterThanOrEqual(2019);
    expect(paths.find((p) => p.other === '800G')?.direction).toBe('from');
    expect((detail.body.risks as string[]).length).toBeGreaterThan(0);
    const timeline = detail.body.timeline as Array<{ year: number }>;
    for (let i = 1; i < timeline.length; i += 1) expect(timeline[i]?.year).toBeGreaterThanOrEqual(timeline[i - 1]?.year ?? 0);
  });

  it('requires a token on every forecast route', async () => {
    for (const path of ['/api/hype-cycle', '/api/hype-cycle/400G', '/api/hype-cycle/enriched', '/api/forecast/400G', '/api/adoption']) {
      expect((await get(path, false)).status, path).toBe(401);
    }
  });

  it('POST /api/hype-cycle/model (bass): closed-form cumulative and per-period values', async () => {
    const { status, body } = await post('/api/hype-cycle/model', { model: 'bass', p: 0.03, q: 0.38, m: 1000, periods: 10 });
    expect(status).toBe(200);
    expect(body.peak_time).toBeCloseTo(6.19262, 4);
    expect(body.peak_rate).toBeCloseTo(110.5921, 3);
    const cumulative = body.cumulative as number[];
    expect(cumulative).toHaveLength(11);
    expect(cumulative[1]).toBeCloseTo(35.758164, 4);
    expect((body.per_period as number[])[4]).toBeCloseTo(98.048171, 4);
  });

  it('POST /api/hype-cycle/model (norton-bass): generations that sum to sum m_i F(t - launch_i)', async () => {
    const generations = [
      { m: 100, launch: 0 },
      { m: 300, launch: 4 },
      { m: 500, launch: 9 },
    ];
    const { status, body } = await post('/api/hype-cycle/model', { model: 'norton-bass', p: 0.03, q: 0.4, generations, periods: 20 });
    expect(status).toBe(200);
    const values = (body.generations as Array<{ values: number[] }>).map((g) => g.values);
    for (let t = 0; t <= 20; t += 1) {
      const expected = generations.reduce((s, g) => s + g.m * bassCumulative({ p: 0.03, q: 0.4 }, t - g.launch), 0);
      expect(values.reduce((s, v) => s + (v[t] as number), 0)).toBeCloseTo(expected, 8);
    }
  });

  it('POST /api/hype-cycle/fit: round trip of a synthetic series', async () => {
    const series = Array.from({ length: 20 }, (_, i) => 500 * (bassCumulative({ p: 0.02, q: 0.5 }, i + 1) - bassCumulative({ p: 0.02, q: 0.5 }, i)));
    const { status, body } = await post('/api/hype-cycle/fit', { model: 'bass', series });
    expect(status).toBe(200);
    expect(body.converged).toBe(true);
    expect(body.p).toBeCloseTo(0.02, 4);
    expect(body.q).toBeCloseTo(0.5, 4);
    expect(body.m).toBeCloseTo(500, 1);
    expect(body.r2).toBeCloseTo(1, 6);
  });

  it('parameters that overflow floating point get 422 naming the field, never a 500 or a null number', async () => {
    const cases: Array<[string, unknown]> = [['/api/hype-cycle/model', { model: 'bass', p: 5e-324, q: 5, m: 1000, periods: 1000 }]];
    for (const [path, body] of cases) {
      const response = await post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(String(response.body.message), JSON.stringify(body)).toMatch(/is not a finite number for these parameters/);
      expect(response.body.details, JSON.stringify(body)).toMatchObject({ field: expect.any(String) });
    }
    // At the edge but computable: every number in the answer is a finite number.
    const ok = await post('/api/hype-cycle/model', { model: 'bass', p: 1e-9, q: 5, m: 1e12, periods: 1000 });
    expect(ok.status).toBe(200);
    const numbers = JSON.stringify(ok.body).match(/-?\d[\d.e+-]*|null/g) ?? [];
    expect(numbers).not.toContain('null');
  });

  it('bad parameters get 400 naming the field', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/api/hype-cycle/model', { model: 'bass', p: 0, q: 0.4, m: 10, periods: 10 }, 'body/p'],
      ['/api/hype-cycle/model', { model: 'bass', p: 0.03, q: -1, m: 10, periods: 10 }, 'body/q'],
      ['/api/hype-cycle/model', { model: 'bass', p: 0.03, q: 0.4, m: 0, periods: 10 }, 'body/m'],
      ['/api/hype-cycle/model', { model: 'bass', p: 0.03, q: 0.4, periods: 10 }, 'body/m'],
      ['/api/hype-cycle/model', { model: 'bass', p: 0.03, q: 0.4, m: 10, periods: 100000 }, 'body/periods'],
      ['/api/hype-cycle/model', { model: 'norton-bass', p: 0.03, q: 0.4, periods: 10 }, 'body/generations'],
      [
        '/api/hype-cycle/model',
        {
          model: 'norton-bass',
          p: 0.03,
          q: 0.4,
          periods: 10,
          generations: [
            { m: 1, launch: 5 },
            { m: 1, launch: 2 },
          ],
        },
        'body/generations.1.launch',
      ],
      ['/api/hype-cycle/model', { model: 'logistic', p: 0.03, q: 0.4, periods: 10 }, 'body/model'],
      ['/api/hype-cycle/fit', { model: 'bass', series: [1, 2, 3] }, 'body/series'],
      ['/api/hype-cycle/fit', { model: 'bass', series: [1, 2, 'x', 4, 5] }, 'body/series.2'],
      ['/api/hype-cycle/fit', { model: 'bass', series: [0, 0, 0, 0, 0] }, 'body/series'],
      ['/api/hype-cycle/fit', { model: 'bass', series: [1, 2, -3, 4, 5] }, 'body/series.2'],
      // Beyond the documented market size: refused by the schema before any curve can overflow.
      ['/api/hype-cycle/model', { model: 'bass', p: 1, q: 5, m: 1e308, periods: 1000 }, 'body/m'],
      [
        '/api/hype-cycle/model',
        {
          model: 'norton-bass',
          p: 0.03,
          q: 0.4,
          periods: 10,
          generations: [
            { m: 1e308, launch: 0 },
            { m: 1e308, launch: 0 },
          ],
        },
        'body/generations.0.m',
      ],
      ['/api/hype-cycle/fit', { model: 'bass', series: [1, 2, 1e308, 4, 5] }, 'body/series.2'],
    ];
    for (const [path, body, field] of cases) {
      const response = await post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(String(response.body.message), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('forecast API without its data set', () => {
  it('answers 503 naming the missing data set rather than an empty or made-up answer', async () => {
    const t = await startTestService();
    try {
      // The service loads the data set at start; a database that lost it must say so, not answer from nothing.
      const forecast = t.service.ctx.db.kysely.withTables<ForecastTables>();
      for (const table of [
        'technology_models',
        'technology_regions',
        'technology_generations',
        'technology_shipments',
        'technologies',
        'technology_dataset',
      ] as const) {
        await forecast.deleteFrom(table).execute();
      }
      const token = await t.login();
      const response = await t.service.http.inject({ url: '/api/hype-cycle', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toContain('technology data set (resources/seed/technologies) is not loaded');
    } finally {
      await t.close();
    }
  });
});
