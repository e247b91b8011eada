import type { AppDatabase } from '../../db/database.js';
import { bassCumulative } from './bass.model.js';
import type { CatalogueEvidence, TechnologyFactors } from './forecast.factors.js';
import type { EnrichedList, LifecycleList, RegionalAdoption } from '../../../shared/api/forecast/forecast.schemas.js';
import { allFactors, FORECAST_YEARS, hypeCycleEntry } from './forecast.service.js';
import { findTechnology, type ForecastSnapshot, loadSnapshot, round, type TechnologyState, unitsInYear, unitsOver } from './forecast.state.js';
import { DEFAULT_TRAJECTORY } from './phase-classifier.js';
import { isDemoPriceSource } from '../../../shared/vocabulary/price-source.vocabulary.js';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

function catalogueSummary(evidence: CatalogueEvidence, factors: TechnologyFactors) {
  const byCurrency = new Map<string, { currency: string; demo: boolean; prices: number[]; latest: string }>();
  for (const o of evidence.prices) {
    const demo = isDemoPriceSource(o.source);
    const key = `${o.currency}|${demo ? 'demo' : 'observed'}`;
    const entry = byCurrency.get(key) ?? { currency: o.currency, demo, prices: [], latest: '' };
    entry.prices.push(o.price);
    if (o.observed_at > entry.latest) entry.latest = o.observed_at;
    byCurrency.set(key, entry);
  }
  const asp = factors.factors.find((f) => f.name === 'asp_decline');
  return {
    products: evidence.vendors.reduce((s, v) => s + v.products, 0),
    vendors: evidence.vendors.length,
    total_vendors: evidence.totalVendors,
    products_added_12m: evidence.vendors.reduce((s, v) => s + v.recent_products, 0),
    prices: [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, e]) => ({
        currency: e.currency,
        observations: e.prices.length,
        median_price: round(median(e.prices), 2),
        min_price: round(Math.min(...e.prices), 2),
        max_price: round(Math.max(...e.prices), 2),
        latest_observed_at: e.latest,
        demo: e.demo,
      })),
    asp_decline_per_year: asp?.value ?? 0,
    asp_source: asp?.source ?? ('data set' as const),
    asp_detail: asp?.detail ?? '',
  };
}

/** GET /api/hype-cycle/enriched: the hype cycle plus the catalogue's vendors and prices per technology. */
export async function enrichedHypeCycle(db: AppDatabase, nowMs: number): Promise<EnrichedList> {
  const snapshot = await loadSnapshot(db, nowMs);
  const factors = await allFactors(db, snapshot);
  return {
    as_of: new Date(nowMs).toISOString(),
    technologies: snapshot.technologies.map((tech, i) => {
      const f = factors[i] as TechnologyFactors;
      return { ...hypeCycleEntry(snapshot, tech, f), catalogue: catalogueSummary(f.evidence, f) };
    }),
  };
}

/**
 * The experience-curve exponent b (price ~ cumulative volume^-b). With an observed or published yearly ASP decline r this year,
 * b = ln(1 - r) / ln(X(y-1) / X(y)) makes the curve reproduce r; otherwise Wright's-law default 0.32 (20 % per doubling).
 */
function experienceExponent(snapshot: ForecastSnapshot, tech: TechnologyState, factors: TechnologyFactors): { b: number; source: string } {
  const asp = factors.factors.find((f) => f.name === 'asp_decline');
  const fallback = { b: DEFAULT_TRAJECTORY.experienceExponent, source: "assumption: 20 % price drop per doubling of cumulative volume (Wright's law)" };
  if (!asp || (asp.source !== 'catalogue' && asp.source !== 'published') || !(asp.value > 0 && asp.value < 1)) return fallback;
  const now = unitsOver(tech, tech.launchYear, snapshot.decimalYear);
  const before = unitsOver(tech, tech.launchYear, snapshot.decimalYear - 1);
  if (!(before > 0 && now > before)) return fallback;
  const b = Math.log(1 - asp.value) / Math.log(before / now);
  if (!(b > 0.05 && b < 2)) return fallback;
  const whose = asp.source === 'catalogue' ? "the catalogue's observed" : 'the published';
  return { b, source: `calibrated to ${whose} ASP decline of ${(asp.value * 100).toFixed(1)} % per year` };
}

/** GET /api/hype-cycle/lifecycle: revenue = units x experience-curve price, indexed to its peak. */
export async function revenueLifecycle(db: AppDatabase, nowMs: number): Promise<LifecycleList> {
  const snapshot = await loadSnapshot(db, nowMs);
  const factors = await allFactors(db, snapshot);
  const technologies = snapshot.technologies.map((tech, i) => {
    const { b, source } = experienceExponent(snapshot, tech, factors[i] as TechnologyFactors);
    const lastYear = Math.max(snapshot.year + FORECAST_YEARS, tech.launchYear + 30);
    const rows: Array<{ year: number; units: number; price: number; revenue: number }> = [];
    let cumulative = 0;
    let firstCumulative = 0;
    for (let year = tech.launchYear; year <= lastYear; year += 1) {
      const units = unitsInYear(tech, year);
      cumulative += units;
      if (firstCumulative === 0) firstCumulative = cumulative;
      const price = firstCumulative > 0 ? (cumulative / firstCumulative) ** -b : 1;
      rows.push({ year, units, price, revenue: units * price });
    }
    const peak = rows.reduce((best, r) => (r.revenue > best.revenue ? r : best), rows[0] as (typeof rows)[number]);
    const at = (year: number) => rows.find((r) => r.year === year);
    const after = [1, 2, 3].map((k) => at(peak.year + k)).filter((r): r is (typeof rows)[number] => r !== undefined);
    const decline =
      after.length > 0 && peak.revenue > 0 ? ((after[after.length - 1] as (typeof rows)[number]).revenue / peak.revenue) ** (1 / after.length) - 1 : 0;
    const current = at(snapshot.year);
    const stage: 'growth' | 'peak' | 'decline' = snapshot.year < peak.year ? 'growth' : snapshot.year === peak.year ? 'peak' : 'decline';
    return {
      name: tech.name,
      stage,
      peak_year: peak.year,
      revenue_index_now: current && peak.revenue > 0 ? round((100 * current.revenue) / peak.revenue, 2) : 0,
      decline_pct_per_year: round(decline * 100, 2),
      experience_exponent: round(b, 4),
      exponent_source: source,
      series: rows
        .filter((r) => r.year <= snapshot.year + FORECAST_YEARS)
        .map((r) => ({
          year: r.year,
          units_millions: round(r.units, 3),
          price_index: round(r.price, 4),
          revenue_index: peak.revenue > 0 ? round((100 * r.revenue) / peak.revenue, 2) : 0,
        })),
    };
  });
  return { as_of: new Date(nowMs).toISOString(), technologies };
}

/**
 * GET /api/hype-cycle/regional/:tech: each region adopts on the same Bass curve and ships the world's modules
 * (adoption plus renewal), both lagged by its lag coefficient (years), with a share = market share x how well its
 * segment mix matches the technology's segment profile (normalised so that the regions add up to m and to the world).
 */
export async function regionalAdoption(db: AppDatabase, nowMs: number, query: string): Promise<RegionalAdoption> {
  const snapshot = await loadSnapshot(db, nowMs);
  const tech = findTechnology(snapshot, query);
  const profile = { hyperscaler: tech.row.segment_hyperscaler, telco: tech.row.segment_telco, enterprise: tech.row.segment_enterprise };
  const affinity = snapshot.regions.map(
    (r) => r.market_share * (r.segment_hyperscaler * profile.hyperscaler + r.segment_telco * profile.telco + r.segment_enterprise * profile.enterprise),
  );
  const total = affinity.reduce((s, v) => s + v, 0);
  return {
    technology: tech.name,
    as_of: new Date(nowMs).toISOString(),
    regions: snapshot.regions.map((r, i) => {
      const share = total > 0 ? (affinity[i] as number) / total : r.market_share;
      const m = tech.m * share;
      const F = (year: number) => bassCumulative(tech.params, year - tech.launchYear - r.lag_years);
      const forecast = [];
      for (let year = snapshot.year; year < snapshot.year + FORECAST_YEARS; year += 1) {
        const units = share * unitsOver(tech, year - r.lag_years, year + 1 - r.lag_years);
        forecast.push({ year, units_millions: round(units, 3), cumulative_share: round(F(year + 1)) });
      }
      return {
        region: r.region,
        lag_years: r.lag_years,
        price_index: r.price_index,
        market_share: r.market_share,
        segments: { hyperscaler: r.segment_hyperscaler, telco: r.segment_telco, enterprise: r.segment_enterprise },
        demand_share: round(share),
        market_potential_millions: round(m, 3),
        adoption_share_now: round(F(snapshot.decimalYear)),
        forecast_5y: forecast,
        kind: r.kind,
        source: r.source,
      };
    }),
  };
}
