import { describe, expect, it } from 'vitest';
import {
  coverageDays,
  CRITICAL_BELOW_DAYS,
  dailyRunRate,
  DAYS_PER_MONTH,
  LOW_BELOW_DAYS,
  momentumRatio,
  OVERSTOCK_ABOVE_DAYS,
  reorderUrgency,
  roundOrNull,
} from '../../../src/service/features/catalogue/demand/demand.rules.js';
import { analyseStock, compareStock } from '../../../src/service/features/sales/demand/stock-analysis.service.js';
import { VELOCITY_CLASSES, VELOCITY_UNKNOWN } from '../../../src/service/features/seed/seed.tables.js';
import { VELOCITY_CLASS_NAMES } from '../../../src/shared/vocabulary/demand.vocabulary.js';

/** A daily run-rate that gives exactly `days` of cover for `stock` units. */
const dailyFor = (stock: number, days: number) => stock / days;

describe('demand formulas (docs/sales-demand.md)', () => {
  it('daily run-rate: the larger of the 30-day and 90-day rate, per day of a 365/12-day month; null without data', () => {
    expect(dailyRunRate(30.4, 10)).toBeCloseTo(30.4 / DAYS_PER_MONTH, 12);
    expect(dailyRunRate(10, 30.4)).toBeCloseTo(30.4 / DAYS_PER_MONTH, 12);
    expect(dailyRunRate(null, 6)).toBeCloseTo(6 / DAYS_PER_MONTH, 12);
    expect(dailyRunRate(0, 0)).toBe(0);
    expect(dailyRunRate(null, null)).toBeNull();
    // A negative figure (a returns-heavy month) counts as no demand, not as negative days.
    expect(dailyRunRate(-3, null)).toBe(0);
  });

  it('coverage = stock_de / daily run-rate; null (not Infinity) when nothing sells or stock is unknown', () => {
    expect(coverageDays(60, 2)).toBe(30);
    expect(coverageDays(0, 2)).toBe(0);
    expect(coverageDays(60, 0)).toBeNull();
    expect(coverageDays(60, null)).toBeNull();
    expect(coverageDays(null, 2)).toBeNull();
  });

  it('momentum = run_rate_30d / run_rate_365d; null (not NaN) when the 365-day rate is 0 or unknown', () => {
    expect(momentumRatio(15, 10)).toBe(1.5);
    expect(momentumRatio(0, 10)).toBe(0);
    expect(momentumRatio(5, 0)).toBeNull();
    expect(momentumRatio(0, 0)).toBeNull();
    expect(momentumRatio(null, 10)).toBeNull();
    expect(momentumRatio(5, null)).toBeNull();
  });

  it('urgency thresholds: critical < 14 days <= low < 45 days <= ok <= 180 days < overstock, on coverage rounded to 0.1 day', () => {
    const stock = 900;
    const at = (days: number) => reorderUrgency(true, stock, dailyFor(stock, days));
    expect(at(CRITICAL_BELOW_DAYS - 0.1)).toBe('critical');
    expect(at(CRITICAL_BELOW_DAYS)).toBe('low');
    expect(at(LOW_BELOW_DAYS - 0.1)).toBe('low');
    expect(at(LOW_BELOW_DAYS)).toBe('ok');
    expect(at(OVERSTOCK_ABOVE_DAYS)).toBe('ok');
    expect(at(OVERSTOCK_ABOVE_DAYS + 0.1)).toBe('overstock');
    expect(at(CRITICAL_BELOW_DAYS - 0.04)).toBe('low');
  });

  it('urgency edge cases: no stock with demand is critical, stock without sales is overstock, neither is ok, no data is null', () => {
    expect(reorderUrgency(true, 0, 1)).toBe('critical');
    expect(reorderUrgency(true, null, 1)).toBe('critical');
    expect(reorderUrgency(true, 5, 0)).toBe('overstock');
    expect(reorderUrgency(true, 0, 0)).toBe('ok');
    expect(reorderUrgency(false, 5, 1)).toBeNull();
    expect(reorderUrgency(true, 5, null)).toBeNull();
  });

  it('rounding never lets NaN or Infinity into JSON', () => {
    expect(roundOrNull(Number.NaN, 2)).toBeNull();
    expect(roundOrNull(Number.POSITIVE_INFINITY, 2)).toBeNull();
    expect(roundOrNull(1.23456, 3)).toBe(1.235);
  });
});

const row = (over: Partial<Parameters<typeof analyseStock>[0]>): Parameters<typeof analyseStock>[0] => ({
  sku: 'X',
  description: 'test',
  transceiver_id: null,
  form_factor: 'SFP28',
  speed_gbps: 25,
  velocity_class: 'slow',
  has_demand_data: 1,
  units_12m: 12,
  run_rate_30d: 1,
  run_rate_90d: 1,
  run_rate_365d: 1,
  stock_de: 10,
  is_internal: 0,
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('stock analysis per SKU', () => {
  it('a seeded SKU (XFP 10G LR: 1.6 / 1.5 / 1.7 units a month, 6 in stock) by the formulas', () => {
    const item = analyseStock(row({ run_rate_30d: 1.6, run_rate_90d: 1.5, run_rate_365d: 1.7, stock_de: 6 }));
    // daily = 1.6 / (365/12) = 0.0526; coverage = 6 / 0.0526 = 114.1 days; momentum = 1.6 / 1.7 = 0.941
    expect(item.daily_run_rate).toBe(0.053);
    expect(item.coverage_days_de).toBe(114.1);
    expect(item.momentum_ratio).toBe(0.941);
    expect(item.reorder_urgency).toBe('ok');
  });

  it('an SKU without demand data is unassessed: every computed field null, none NaN', () => {
    const item = analyseStock(
      row({ has_demand_data: 0, run_rate_30d: null, run_rate_90d: null, run_rate_365d: null, units_12m: null, velocity_class: 'unknown' }),
    );
    expect([item.daily_run_rate, item.coverage_days_de, item.momentum_ratio, item.reorder_urgency]).toEqual([null, null, null, null]);
    expect(JSON.stringify(item)).not.toMatch(/NaN|Infinity/);
  });

  it('sorts by urgency, then the shortest coverage (unbounded last), then SKU; unassessed last', () => {
    const items = [
      analyseStock(row({ sku: 'A-unassessed', has_demand_data: 0, run_rate_30d: null, run_rate_90d: null, run_rate_365d: null })),
      analyseStock(row({ sku: 'B-dead-stock', run_rate_30d: 0, run_rate_90d: 0, run_rate_365d: 0, stock_de: 4 })),
      analyseStock(row({ sku: 'C-ok', stock_de: 3 })),
      analyseStock(row({ sku: 'D-critical-0', stock_de: 0 })),
      analyseStock(row({ sku: 'E-overstock', stock_de: 400 })),
      analyseStock(row({ sku: 'F-critical-some', stock_de: 0.2 as unknown as number })),
      analyseStock(row({ sku: 'G-ok-less', stock_de: 2 })),
    ];
    expect(items.sort(compareStock).map((i) => i.sku)).toEqual([
      'D-critical-0',
      'F-critical-some',
      'G-ok-less',
      'C-ok',
      'E-overstock',
      'B-dead-stock',
      'A-unassessed',
    ]);
  });
});

describe('velocity classes', () => {
  it('the seed classifies with the same names the API and its filter offer', () => {
    expect([...VELOCITY_CLASSES.map((c) => c.name), VELOCITY_UNKNOWN]).toEqual([...VELOCITY_CLASS_NAMES]);
  });
});
