/**
 * The rules by which the market intake turns observations and product records into competitor alerts (documented
 * in docs/sales-alerts.md). Pure functions, so each rule is tested on its own.
 */

export type AlertSeverity = 'info' | 'warning' | 'critical';

export interface AlertRules {
  /** A competitor price change of at least this many percent, either way, raises an alert (PRICE_ALERT_THRESHOLD_PCT). */
  priceAlertThresholdPct: number;
}

/** From 400G up a new competitor product competes with the operator's most valuable lines, so it is a warning. */
export const NEW_PRODUCT_WARNING_GBPS = 400;

/** Percentage change from old to new, rounded to two decimals (-11.82 for a cut from 1403.99 to 1237.99). */
export function changePct(oldPrice: number, newPrice: number): number {
  return Math.round(((newPrice - oldPrice) / oldPrice) * 10_000) / 100;
}

/**
 * null below the threshold (the change is recorded, but no alert is raised); warning from the threshold on;
 * critical from twice the threshold on (10 % with the default 5 %). Up and down count alike.
 */
export function priceAlertSeverity(pct: number, rules: AlertRules): AlertSeverity | null {
  const size = Math.abs(pct);
  if (size < rules.priceAlertThresholdPct) return null;
  return size >= 2 * rules.priceAlertThresholdPct ? 'critical' : 'warning';
}

/** Whether a shop had the product: its in_stock flag, else a stock quantity above 0, else unknown (null). */
export function stockState(o: { in_stock?: number | null; stock_qty?: number | null }): 0 | 1 | null {
  if (o.in_stock === 0 || o.in_stock === 1) return o.in_stock;
  if (o.stock_qty !== null && o.stock_qty !== undefined) return o.stock_qty > 0 ? 1 : 0;
  return null;
}

/** Running out is a warning (customers of that shop look elsewhere); coming back is information. */
export function stockAlertSeverity(nowInStock: 0 | 1): AlertSeverity {
  return nowInStock === 0 ? 'warning' : 'info';
}

export function newProductSeverity(speedGbps: number): AlertSeverity {
  return speedGbps >= NEW_PRODUCT_WARNING_GBPS ? 'warning' : 'info';
}
