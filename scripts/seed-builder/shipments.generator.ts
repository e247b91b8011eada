import { renewalOf } from '../../src/service/features/forecast/renewal.facts.js';
import { renewalIn } from '../../src/service/features/forecast/shipment-model.rules.js';
import { CURVES, type CurveFact, ETHERNET, FORECAST_TOTAL, HISTORY_TOTAL, LAST_YEAR, YEAR_ANCHORS } from './shipments.facts.js';

/** One row of shipments.json. */
export interface ShipmentPoint {
  technology: string;
  year: number;
  units: number;
  kind: 'published' | 'estimate';
  source: string;
}

export interface ShipmentSeries {
  note: string;
  shipments: ShipmentPoint[];
  /** Market potential m per technology after calibration (millions of modules): the prior of technologies.json. */
  marketPotential: Record<string, number>;
  /** The solved legacy scale, for the README. */
  calibration: { legacyScale: number };
}

type Series = Map<number, number>;

export function significant(value: number, digits = 3): number {
  if (value === 0) return 0;
  return Number(value.toPrecision(digits));
}

function bassShare(c: CurveFact, t: number): number {
  if (t <= 0) return 0;
  const e = Math.exp(-(c.p + c.q) * t);
  return (1 - e) / (1 + (c.q / c.p) * e);
}

/** The Bass shape plus the renewal of retiring modules (renewal.facts.ts): linear in the scale applied later. */
function baseSeries(c: CurveFact): Series {
  const s: Series = new Map();
  const renewal = renewalOf(c.technology);
  for (let y = c.launch; y <= LAST_YEAR; y += 1) {
    const adoption = c.weight * (bassShare(c, y + 1 - c.launch) - bassShare(c, y - c.launch));
    s.set(y, adoption + renewalIn((year) => s.get(year) ?? 0, renewal, y));
  }
  return s;
}

function renewalText(tech: string): string {
  const r = renewalOf(tech);
  return r.share > 0
    ? ` plus renewal of ${Math.round(r.share * 100)} % of the modules retiring ${r.lifeYears - 2}-${r.lifeYears + 2} years after shipment (estimate)`
    : '';
}

const curve = new Map(CURVES.map((c) => [c.technology, c]));
const base = new Map(CURVES.map((c) => [c.technology, baseSeries(c)]));
const sumSpan = (series: Iterable<Series>, from: number, to: number) =>
  [...series].reduce((acc, s) => acc + [...s].filter(([y]) => y >= from && y <= to).reduce((a, [, v]) => a + v, 0), 0);

/** Technologies scaled to their own published yearly counts: the scale of the nearest anchored year (later on a tie). */
function anchoredSeries(): { series: Map<string, Series>; lastScale: Map<string, number>; sources: Map<string, (y: number) => ShipmentPoint['source']> } {
  const series = new Map<string, Series>();
  const lastScale = new Map<string, number>();
  const sources = new Map<string, (y: number) => string>();
  const techs = new Set(YEAR_ANCHORS.flatMap((a) => a.group));
  for (const tech of techs) {
    const anchors = YEAR_ANCHORS.filter((a) => a.group.includes(tech));
    const scaleOf = (a: (typeof anchors)[number]) => a.units / a.group.reduce((acc, g) => acc + (base.get(g)!.get(a.year) ?? 0), 0);
    const nearest = (y: number) => [...anchors].sort((a, b) => Math.abs(a.year - y) - Math.abs(b.year - y) || b.year - a.year)[0]!;
    const s: Series = new Map();
    for (const [y, v] of base.get(tech)!) s.set(y, v * scaleOf(nearest(y)));
    series.set(tech, s);
    lastScale.set(tech, scaleOf(anchors[anchors.length - 1]!));
    sources.set(tech, (y) => {
      const a = nearest(y);
      if (a.year === y && a.group.length === 1) return a.source;
      const split = a.group.length > 1 ? `, split between ${a.group.join(' / ')} by this data set's Bass shares` : '';
      return `Estimate of this data set: Bass shape (p ${curve.get(tech)!.p}, q ${curve.get(tech)!.q}, launch ${curve.get(tech)!.launch})${renewalText(tech)} scaled to the published ${a.year} count${split}. Count: ${a.source}`;
    });
  }
  return { series, lastScale, sources };
}

/**
 * Builds the shipment series (Bass shape plus renewal, renewal.facts.ts): technologies with published yearly counts
 * are scaled to them; the other Ethernet technologies share one scale, solved so the Ethernet totals meet
 * LightCounting's 2010-2019 count (the renewal shares are set so the 2021-2025 forecast holds too, a test checks it);
 * technologies outside those counts (coherent, CPO, LPO) keep their estimate.
 */
export function buildShipmentSeries(): ShipmentSeries {
  const anchored = anchoredSeries();
  const legacyTechs = ETHERNET.filter((t) => !anchored.series.has(t));
  const fixed = (span: typeof HISTORY_TOTAL) =>
    sumSpan(
      ETHERNET.filter((t) => anchored.series.has(t)).map((t) => anchored.series.get(t)!),
      span.from,
      span.to,
    );
  const legacyBase = legacyTechs.map((t) => base.get(t)!);
  const scale = (HISTORY_TOTAL.units - fixed(HISTORY_TOTAL)) / sumSpan(legacyBase, HISTORY_TOTAL.from, HISTORY_TOTAL.to);

  const shipments: ShipmentPoint[] = [];
  const marketPotential: Record<string, number> = {};
  for (const c of CURVES) {
    const tech = c.technology;
    let series: Series;
    let source: (y: number) => string;
    if (anchored.series.has(tech)) {
      series = anchored.series.get(tech)!;
      source = anchored.sources.get(tech)!;
      marketPotential[tech] = significant(c.weight * anchored.lastScale.get(tech)!);
    } else if (legacyTechs.includes(tech)) {
      series = new Map([...base.get(tech)!].map(([y, v]) => [y, v * scale]));
      source = () =>
        `Estimate of this data set: Bass shape (p ${c.p}, q ${c.q}, launch ${c.launch})${renewalText(tech)}, scaled so Ethernet totals meet ${HISTORY_TOTAL.units} M in ${HISTORY_TOTAL.from}-${HISTORY_TOTAL.to} and ${FORECAST_TOTAL.units} M in ${FORECAST_TOTAL.from}-${FORECAST_TOTAL.to}. Counts: ${HISTORY_TOTAL.source}; ${FORECAST_TOTAL.source}`;
      marketPotential[tech] = significant(c.weight * scale);
    } else {
      series = base.get(tech)!;
      source = () =>
        `Estimate of this data set: Bass shape (p ${c.p}, q ${c.q}, m ${c.weight} M modules, launch ${c.launch}); no published count to scale it to`;
      marketPotential[tech] = c.weight;
    }
    for (const [year, units] of series) {
      const text = source(year);
      shipments.push({ technology: tech, year, units: significant(units), kind: text.startsWith('Estimate') ? 'estimate' : 'published', source: text });
    }
  }
  return {
    note: 'Transceiver modules shipped per year, millions (a breakout module counts once). Built by scripts/seed-builder (shipments.facts.ts): Bass shapes of this data set scaled to published LightCounting and TrendForce counts; rows with kind "published" are a published count of that technology, all others are estimates. See README.md.',
    shipments,
    marketPotential,
    calibration: { legacyScale: scale },
  };
}
