import type { PriceObservation } from '../../../shared/api/catalogue/prices.schemas.js';
import { isDemoPriceSource } from '../../../shared/vocabulary/price-source.vocabulary.js';

export interface PriceSeries {
  shop: string;
  points: Array<{ time: number; price: number }>;
  /** Some of the points are generated seed prices (the chart labels the line as demo). */
  demo: boolean;
}

/** Currencies present, the most observed first (the chart starts with it). */
export function currenciesOf(observations: PriceObservation[]): string[] {
  const counts = new Map<string, number>();
  for (const o of observations) counts.set(o.currency, (counts.get(o.currency) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([currency]) => currency);
}

/** One line per shop in one currency: prices of different currencies never share an axis. */
export function seriesFor(observations: PriceObservation[], currency: string): PriceSeries[] {
  const byShop = new Map<string, PriceSeries>();
  for (const o of observations) {
    if (o.currency !== currency) continue;
    const series = byShop.get(o.vendor_name) ?? { shop: o.vendor_name, points: [], demo: false };
    series.points.push({ time: Date.parse(o.observed_at), price: o.price });
    series.demo ||= isDemoPriceSource(o.source);
    byShop.set(o.vendor_name, series);
  }
  for (const series of byShop.values()) series.points.sort((a, b) => a.time - b.time);
  return [...byShop.values()];
}
