import { REACH_CLASSES } from '../../src/shared/vocabulary/reach-class.vocabulary.js';
import type { Product, Row } from './dataset.types.js';
import type { StandardFact } from './fact.types.js';
import type { PriceResult } from './prices.generator.js';
import { COMPETITORS, OPERATOR } from './vendors.facts.js';

const DAY_MS = 86_400_000;

/** Reach 0 and NULL both mean "not known" and then do not take part in matching (spec, Sales intelligence rule 3). */
function reachKnown(reach: number | null): reach is number {
  return reach !== null && reach > 0;
}

/**
 * The operator equivalent of a competitor product: same form factor, speed, fibre type and wavelength list,
 * same reach when both reaches are known; among those the same standard, preferring the same platform coding,
 * else the MSA-generic version (commercial temperature).
 */
export function matchOperatorProduct(competitor: Product, operatorProducts: Product[]): { product: Product; basis: string } | undefined {
  const c = competitor.row;
  const candidates = operatorProducts.filter((o) => {
    const r = o.row;
    if (o.industrial || r.form_factor !== c.form_factor || r.speed_gbps !== c.speed_gbps || r.fiber_type !== c.fiber_type) return false;
    if (r.wavelengths !== c.wavelengths || r.standard !== c.standard) return false;
    return !(reachKnown(r.reach_meters) && reachKnown(c.reach_meters) && r.reach_meters !== c.reach_meters);
  });
  const product = candidates.find((o) => o.coding === competitor.coding) ?? candidates.find((o) => o.coding === 'MSA generic');
  if (!product) return undefined;
  const basis = ['form_factor', 'speed_gbps', 'fiber_type', 'wavelengths'];
  if (reachKnown(c.reach_meters) && reachKnown(product.row.reach_meters)) basis.push('reach_meters');
  if (product.coding === competitor.coding) basis.push('platform_coding');
  return { product, basis: basis.join(',') };
}

export interface MatchingResult {
  map: Row[];
  comparables: Row[];
  alerts: Row[];
}

/** Index into REACH_CLASSES of a reach, or null when absent (the service's reach-class rule). */
function reachClass(reach: number | null): number | null {
  if (!reachKnown(reach)) return null;
  const index = REACH_CLASSES.findIndex((c) => c.upToMeters === null || reach <= c.upToMeters);
  return index;
}

/**
 * The service's comparable-price rule (comparables.repository.ts, matchRule): same form factor, speed, fibre type
 * and wavelengths, and the same reach class unless either effective reach is absent; the effective reach is the
 * product's reach when above 0, else its standard's. The seed table is built by this rule, so a refresh of a
 * freshly seeded catalogue leaves the same pairs.
 */
export function comparableByServiceRule(a: Product['row'], b: Product['row'], standards: Map<string, StandardFact>): boolean {
  if (a.form_factor !== b.form_factor || a.speed_gbps !== b.speed_gbps || a.fiber_type !== b.fiber_type || a.wavelengths !== b.wavelengths) return false;
  const effective = (r: Product['row']) => (reachKnown(r.reach_meters) ? r.reach_meters : (standards.get(r.standard ?? '')?.reachM ?? null));
  const ca = reachClass(effective(a));
  const cb = reachClass(effective(b));
  return ca === null || cb === null || ca === cb;
}

export function generateMatching(products: Product[], prices: PriceResult, asOf: Date, standards: Map<string, StandardFact>): MatchingResult {
  const operatorProducts = products.filter((p) => p.row.vendor_id === OPERATOR.id);
  const competitors = products.filter((p) => p.row.vendor_id !== OPERATOR.id);
  const map: Row[] = [];
  for (const competitor of competitors) {
    const match = matchOperatorProduct(competitor, operatorProducts);
    if (match) map.push({ transceiver_id: competitor.row.id, operator_transceiver_id: match.product.row.id, match_basis: match.basis });
  }
  const comparables: Row[] = [];
  for (const operator of operatorProducts) {
    for (const competitor of competitors) {
      const c = competitor.row;
      const price = prices.latest.get(c.id);
      if (!price || !comparableByServiceRule(c, operator.row, standards)) continue;
      comparables.push({
        id: comparables.length + 1,
        operator_transceiver_id: operator.row.id,
        competitor_transceiver_id: c.id,
        comp_form_factor: c.form_factor,
        comp_speed_gbps: c.speed_gbps,
        comp_reach_meters: c.reach_meters,
        comp_reach_label: c.reach_label,
        comp_fiber_type: c.fiber_type,
        comp_wavelengths: c.wavelengths,
        price: price.price,
        currency: price.currency,
        observed_at: price.observed_at,
      });
    }
  }
  return { map, comparables, alerts: generateAlerts(products, prices, asOf) };
}

/** A handful of alerts derived from the generated history: the largest recent competitor price moves, new listings, stock-outs. */
function generateAlerts(products: Product[], prices: PriceResult, asOf: Date): Row[] {
  const byId = new Map(products.map((p) => [p.row.id, p.row]));
  const shopName = new Map(COMPETITORS.map((c) => [c.id, c.name]));
  const recent = (iso: string, days: number) => asOf.getTime() - Date.parse(iso) <= days * DAY_MS;
  const alerts: Row[] = [];
  // The figures columns (currency, old/new price, change_pct, old/new stock) are filled as the service's producing
  // function (catalogue/prices/market-intake.service.ts) fills them, so seeded and produced alerts read the same.
  const push = (kind: string, vendor: string, transceiverId: string, severity: string, title: string, detail: string, createdAt: string, figures: Row = {}) =>
    alerts.push({
      id: 0,
      kind,
      vendor_id: vendor,
      transceiver_id: transceiverId,
      severity,
      title,
      detail,
      created_at: createdAt,
      acknowledged: recent(createdAt, 14) ? 0 : 1,
      ...figures,
    });

  const observationAt = new Map(prices.observations.map((o) => [`${o.transceiver_id}|${o.currency}|${o.observed_at}`, o]));
  const previousObservation = (o: Row) =>
    prices.observations
      .filter((p) => p.transceiver_id === o.transceiver_id && p.currency === o.currency && String(p.observed_at) < String(o.observed_at))
      .reduce<Row | undefined>((best, p) => (!best || String(p.observed_at) > String(best.observed_at) ? p : best), undefined);
  const moves = prices.changes
    .filter((ch) => ch.vendor_id !== OPERATOR.id && recent(String(ch.changed_at), 90))
    .sort((a, b) => Math.abs(Number(b.change_pct)) - Math.abs(Number(a.change_pct)) || String(a.transceiver_id).localeCompare(String(b.transceiver_id)))
    .slice(0, 6);
  for (const ch of moves) {
    const t = byId.get(String(ch.transceiver_id))!;
    const pct = Number(ch.change_pct);
    const severity = Math.abs(pct) >= 10 ? 'critical' : Math.abs(pct) >= 5 ? 'warning' : 'info';
    push(
      'price_change',
      String(ch.vendor_id),
      t.id,
      severity,
      `${shopName.get(t.vendor_id)} ${pct < 0 ? 'cut' : 'raised'} ${t.part_number} by ${Math.abs(pct)}%`,
      `${t.name}: ${ch.old_price} -> ${ch.new_price} ${ch.currency}`,
      String(ch.changed_at),
      {
        currency: ch.currency,
        old_price: ch.old_price,
        new_price: ch.new_price,
        change_pct: ch.change_pct,
        observation_id: observationAt.get(`${ch.transceiver_id}|${ch.currency}|${ch.changed_at}`)?.id ?? null,
      },
    );
  }
  const newcomers = products
    .filter((p) => p.row.vendor_id !== OPERATOR.id && recent(p.row.created_at, 30))
    .sort((a, b) => b.row.created_at.localeCompare(a.row.created_at) || a.row.slug.localeCompare(b.row.slug))
    .slice(0, 4);
  for (const p of newcomers) {
    push(
      'new_product',
      p.row.vendor_id,
      p.row.id,
      p.row.speed_gbps >= 400 ? 'warning' : 'info',
      `${shopName.get(p.row.vendor_id)} lists a new ${p.row.form_factor} ${p.row.standard}`,
      `${p.row.part_number}: ${p.row.name}`,
      p.row.created_at,
    );
  }
  const stockOuts = [...prices.latest.values()]
    // A stock change is a change: the shop had the product in stock at the observation before.
    .filter((o) => o.vendor_id !== OPERATOR.id && o.in_stock === 0 && Number(byId.get(String(o.transceiver_id))!.speed_gbps) >= 100)
    .filter((o) => previousObservation(o)?.in_stock === 1)
    .sort((a, b) => String(a.transceiver_id).localeCompare(String(b.transceiver_id)))
    .slice(0, 3);
  for (const o of stockOuts) {
    const t = byId.get(String(o.transceiver_id))!;
    push(
      'stock_change',
      t.vendor_id,
      t.id,
      'warning',
      `${shopName.get(t.vendor_id)}: ${t.part_number} out of stock`,
      `${t.name} shows no stock at the last observation.`,
      String(o.observed_at),
      { old_in_stock: 1, new_in_stock: 0, observation_id: o.id },
    );
  }
  alerts.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)) || String(a.title).localeCompare(String(b.title)));
  alerts.forEach((alert, i) => (alert.id = i + 1));
  return alerts;
}
