import type { AppDatabase } from '../../../db/database.js';
import type { RequestViewer } from '../../auth/index.js';
import { demandBySpeed, demandByVelocity, type DemandGroupTotals, momentumRatio, roundOrNull } from '../../catalogue/index.js';
import { forecastDemandInput } from '../../forecast/index.js';
import { VELOCITY_CLASSES, VELOCITY_UNKNOWN } from '../../seed/index.js';
import type { DemandBySpeed, HypeWeights, VelocityBreakdown } from '../../../../shared/api/sales/demand.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import { VELOCITY_CLASS_NAMES } from '../../../../shared/vocabulary/demand.vocabulary.js';

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

function withMomentum<T extends DemandGroupTotals>(totals: T): T & { momentum_ratio: number | null } {
  return { ...totals, momentum_ratio: roundOrNull(momentumRatio(totals.run_rate_30d, totals.run_rate_365d), 3) };
}

/** GET /api/internal/demand/by-speed: one group per speed (SKUs without a speed last). */
export async function demandBySpeedReport(db: AppDatabase, viewer: RequestViewer): Promise<DemandBySpeed> {
  const groups = await demandBySpeed(db, viewer);
  const units = groups.reduce((sum, g) => sum + g.units_12m, 0);
  const items = groups.map((g) => ({
    ...withMomentum(g),
    speed: g.speed_gbps === null ? null : formatSpeed(g.speed_gbps),
    share_of_units_pct: pct(g.units_12m, units),
  }));
  return { internal_included: viewer.authenticated, total: items.length, items };
}

/** The class rules in words, from the same thresholds the data set was classified with. */
function velocityRule(name: string): { rule: string; min: number | null } {
  if (name === VELOCITY_UNKNOWN) return { rule: 'no demand data', min: null };
  const i = VELOCITY_CLASSES.findIndex((c) => c.name === name);
  const cls = VELOCITY_CLASSES[i];
  if (cls === undefined) return { rule: 'set by an import; not one of the classes the run-rate rule assigns', min: null };
  const above = VELOCITY_CLASSES[i - 1];
  if (cls.minUnitsPerMonth === 0) return { rule: 'demand data, but no sale in 12 months (365-day run-rate 0)', min: 0 };
  const upper = above ? ` and < ${above.minUnitsPerMonth}` : '';
  const lower = cls.minUnitsPerMonth < 1 ? '> 0' : `>= ${cls.minUnitsPerMonth}`;
  return { rule: `365-day run-rate ${lower}${upper} units per month`, min: cls.minUnitsPerMonth };
}

/** GET /api/internal/demand/velocity: every class, fastest first, empty ones included. */
export async function velocityReport(db: AppDatabase, viewer: RequestViewer): Promise<VelocityBreakdown> {
  const groups = await demandByVelocity(db, viewer);
  const skus = groups.reduce((sum, g) => sum + g.skus, 0);
  const units = groups.reduce((sum, g) => sum + g.units_12m, 0);
  const empty: DemandGroupTotals = { skus: 0, skus_with_data: 0, units_12m: 0, run_rate_30d: 0, run_rate_90d: 0, run_rate_365d: 0, stock_de: 0 };
  // An import may name classes outside the documented five; they are listed after them rather than dropped.
  const others = groups.map((g) => g.velocity_class).filter((name) => !(VELOCITY_CLASS_NAMES as readonly string[]).includes(name));
  const items = [...VELOCITY_CLASS_NAMES, ...others.sort()].map((name) => {
    const group = groups.find((g) => g.velocity_class === name) ?? { ...empty, velocity_class: name };
    const { rule, min } = velocityRule(name);
    return {
      ...withMomentum(group),
      velocity_class: name,
      rule,
      min_units_per_month: min,
      share_of_skus_pct: pct(group.skus, skus),
      share_of_units_pct: pct(group.units_12m, units),
    };
  });
  return { internal_included: viewer.authenticated, total: items.length, items };
}

/** Momentum may at most halve or double a weight: one busy month should not swamp a year of demand. */
export const MOMENTUM_CLAMP = [0.5, 2] as const;

/**
 * GET /api/internal/demand/hype-weights: how much each technology matters to the operator's own sales, from the
 * forecast input (the same base run-rates that calibrate the sales forecast). weight = base / sum of bases;
 * momentum_weight = weight x clamp(momentum, 0.5, 2), renormalised.
 */
export async function hypeWeights(db: AppDatabase, nowMs: number, viewer: RequestViewer): Promise<HypeWeights> {
  const input = await forecastDemandInput(db, nowMs, viewer);
  const base = (i: (typeof input.items)[number]) => (i.demand_calibrated ? (i.base_units_per_month ?? 0) : 0);
  const sum = input.items.reduce((s, i) => s + base(i), 0);
  const weighted = input.items.map((i) => {
    const weight = sum > 0 ? base(i) / sum : 0;
    const factor = i.momentum_ratio === null ? 1 : Math.min(MOMENTUM_CLAMP[1], Math.max(MOMENTUM_CLAMP[0], i.momentum_ratio));
    return { item: i, weight, tilted: weight * factor };
  });
  const tiltedSum = weighted.reduce((s, w) => s + w.tilted, 0);
  const items = weighted
    .map(({ item, weight, tilted }) => ({
      technology: item.technology,
      speed_gbps: item.speed_gbps,
      demand_calibrated: item.demand_calibrated,
      base_units_per_month: item.base_units_per_month,
      weight: roundOrNull(weight, 4) ?? 0,
      momentum_ratio: item.momentum_ratio,
      momentum_weight: roundOrNull(tiltedSum > 0 ? tilted / tiltedSum : 0, 4) ?? 0,
    }))
    .sort((a, b) => b.weight - a.weight || a.technology.localeCompare(b.technology));
  return { as_of: input.as_of, internal_included: input.internal_included, items };
}
