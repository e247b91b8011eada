import type { ReorderUrgency } from '../../../../shared/vocabulary/demand.vocabulary.js';

/**
 * The formulas of the demand analysis, in one place so that the stock analysis, the by-speed breakdown, the
 * forecast input and the sales forecast compute them alike. Run-rates are units per month (as stored);
 * docs/sales-demand.md explains the choices.
 */

/** A month as a run-rate means it: 365 / 12 days. */
export const DAYS_PER_MONTH = 365 / 12;

/** Coverage thresholds in days of stock at the current daily run-rate. */
export const CRITICAL_BELOW_DAYS = 14;
export const LOW_BELOW_DAYS = 45;
export const OVERSTOCK_ABOVE_DAYS = 180;

const positive = (x: number | null | undefined): number => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : 0);

/**
 * Units per day the stock must serve: the larger of the 30-day and the 90-day run-rate, so a recent surge shortens
 * coverage at once and a single quiet month does not hide steady demand. Null without demand data.
 */
export function dailyRunRate(runRate30d: number | null, runRate90d: number | null): number | null {
  if (runRate30d === null && runRate90d === null) return null;
  return Math.max(positive(runRate30d), positive(runRate90d)) / DAYS_PER_MONTH;
}

/** Days the German stock lasts: stock_de / daily run-rate. Null when nothing sells (coverage is unbounded) or stock is unknown. */
export function coverageDays(stockDe: number | null, daily: number | null): number | null {
  if (stockDe === null || daily === null || daily <= 0) return null;
  return Math.max(0, stockDe) / daily;
}

/** run_rate_30d / run_rate_365d: above 1 demand is speeding up, below 1 slowing. Null when the 365-day rate is 0 or unknown. */
export function momentumRatio(runRate30d: number | null, runRate365d: number | null): number | null {
  if (runRate30d === null || runRate365d === null || !(runRate365d > 0)) return null;
  return positive(runRate30d) / runRate365d;
}

/**
 * critical: under 14 days of cover (an SKU that sells and has no stock is 0 days); low: under 45 days; ok: 45 to
 * 180 days; overstock: over 180 days, or stock on hand that does not sell at all. An SKU with neither sales nor
 * stock needs nothing (ok). Without demand data there is no basis for a judgement: null. Coverage is compared
 * after rounding to 0.1 day.
 */
export function reorderUrgency(hasDemandData: boolean, stockDe: number | null, daily: number | null): ReorderUrgency | null {
  if (!hasDemandData || daily === null) return null;
  const stock = Math.max(0, stockDe ?? 0);
  if (daily <= 0) return stock > 0 ? 'overstock' : 'ok';
  // Judged on the coverage as the API shows it (0.1 day), so a row never reads "14.0 days, critical".
  const days = Math.round((stock / daily) * 10) / 10;
  if (days < CRITICAL_BELOW_DAYS) return 'critical';
  if (days < LOW_BELOW_DAYS) return 'low';
  if (days <= OVERSTOCK_ABOVE_DAYS) return 'ok';
  return 'overstock';
}

/**
 * A sum of run-rates as the database returns it, rounded to the three decimals a run-rate carries: a float sum depends
 * on the order the engine adds the rows in, and the same SKUs must give the same total in every answer.
 */
export function runRateSum(value: unknown): number {
  return Math.round(Number(value) * 1000) / 1000;
}

/** Rounds for the JSON answer; never lets NaN or Infinity through (they are not JSON). */
export function roundOrNull(x: number | null, digits: number): number | null {
  if (x === null || !Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
