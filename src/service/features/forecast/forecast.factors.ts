import type { AppDatabase } from '../../db/database.js';
import { newsSentimentFor } from '../news/index.js';
import { countTransceiverVendors, type PriceObservation, priceObservationsFor, type VendorActivity, vendorActivityFor } from './forecast.repository.js';
import { type Classification, classifyPhase, FACTOR_NAMES, FACTOR_WEIGHTS, type FactorInputs, type FactorName } from './phase-classifier.js';
import { type ForecastSnapshot, round, shareAt, type TechnologyState } from './forecast.state.js';
import { isDemoPriceSource } from '../../../shared/vocabulary/price-source.vocabulary.js';
import { publishedPriceErosion } from './price-erosion.facts.js';

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** Below these amounts of catalogue evidence a factor falls back to the data set's value. */
export const MIN_PRICE_OBSERVATIONS = 5;
export const MIN_PRICE_SPAN_DAYS = 30;
export const MIN_NEWS_ARTICLES = 2;
const PRICE_WINDOW_DAYS = 365;
const NEWS_WINDOW_DAYS = 730;

export type FactorSource = 'catalogue' | 'published' | 'data set' | 'model';

export interface FactorReport {
  name: FactorName;
  weight: number;
  value: number;
  unit: string;
  contribution: number;
  weighted: number;
  source: FactorSource;
  detail: string;
}

export interface AspEvidence {
  rate: number;
  observations: number;
  series: number;
  from: string;
  to: string;
}

export interface CatalogueEvidence {
  asp?: AspEvidence;
  vendors: VendorActivity[];
  totalVendors: number;
  news: Array<{ sentiment: number; published_at: string }>;
  prices: PriceObservation[];
}

export interface TechnologyFactors {
  factors: FactorReport[];
  classification: Classification;
  evidence: CatalogueEvidence;
}

const month = (iso: string) => iso.slice(0, 7);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * The yearly ASP decline from price observations: within each product series (transceiver, shop, currency) the
 * log price is regressed on time, and the series' slopes are pooled (fixed-effects least squares), so a mix of
 * cheap and expensive products does not pass for a price trend. rate = 1 - e^slope per year.
 */
export function aspDeclineFromObservations(observations: PriceObservation[]): AspEvidence | undefined {
  const groups = new Map<string, Array<{ x: number; y: number; at: string }>>();
  for (const o of observations) {
    if (!(o.price > 0)) continue;
    const key = `${o.transceiver_id}|${o.vendor_id}|${o.currency}`;
    const list = groups.get(key) ?? [];
    list.push({ x: Date.parse(o.observed_at) / YEAR_MS, y: Math.log(o.price), at: o.observed_at });
    groups.set(key, list);
  }
  let sxx = 0;
  let sxy = 0;
  let used = 0;
  let series = 0;
  let from = '';
  let to = '';
  for (const points of groups.values()) {
    const valid = points.filter((p) => Number.isFinite(p.x));
    if (valid.length < 2) continue;
    const mx = valid.reduce((s, p) => s + p.x, 0) / valid.length;
    const my = valid.reduce((s, p) => s + p.y, 0) / valid.length;
    const gxx = valid.reduce((s, p) => s + (p.x - mx) ** 2, 0);
    if (gxx === 0) continue;
    sxx += gxx;
    sxy += valid.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
    used += valid.length;
    series += 1;
    for (const p of valid) {
      if (from === '' || p.at < from) from = p.at;
      if (to === '' || p.at > to) to = p.at;
    }
  }
  if (used < MIN_PRICE_OBSERVATIONS || sxx === 0) return undefined;
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS < MIN_PRICE_SPAN_DAYS) return undefined;
  return { rate: 1 - Math.exp(sxy / sxx), observations: used, series, from, to };
}

export async function gatherEvidence(db: AppDatabase, tech: TechnologyState, nowMs: number): Promise<CatalogueEvidence> {
  const iso = (daysBack: number) => new Date(nowMs - daysBack * DAY_MS).toISOString();
  const [prices, vendors, totalVendors, news] = await Promise.all([
    priceObservationsFor(db, tech.match, iso(PRICE_WINDOW_DAYS)),
    vendorActivityFor(db, tech.match, iso(365)),
    countTransceiverVendors(db),
    newsSentimentFor(db, tech.newsTags, iso(NEWS_WINDOW_DAYS)),
  ]);
  // Generated demo prices show a made-up trend: only observed prices measure the decline.
  const asp = aspDeclineFromObservations(prices.filter((o) => !isDemoPriceSource(o.source)));
  return { ...(asp ? { asp } : {}), vendors, totalVendors, news, prices };
}

/** The yearly price decline when the catalogue has too few observed (non-demo) prices: published, else the data set's estimate. */
function aspWithoutObservations(tech: TechnologyState, evidence: CatalogueEvidence): { source: FactorSource; detail: string; value: number; unit: string } {
  const demo = evidence.prices.filter((o) => isDemoPriceSource(o.source)).length;
  const why = demo > 0 ? `the catalogue's ${demo} price observations are generated demo prices, not used` : 'catalogue has too few price observations';
  const published = publishedPriceErosion(tech.name);
  if (published) return { source: 'published', value: published.rate, unit: 'price decline per year', detail: `published: ${published.source} (${why})` };
  return { source: 'data set', value: tech.row.fallback_asp_decline, unit: 'price decline per year', detail: `data set: ${tech.row.fallback_source} (${why})` };
}

function inputsAndDetails(snapshot: ForecastSnapshot, tech: TechnologyState, evidence: CatalogueEvidence) {
  const row = tech.row;
  const adopted = shareAt(tech, snapshot.decimalYear);
  const years = tech.shipments.map((s) => s.year);
  const kinds = [...new Set(tech.shipments.map((s) => s.kind))].join('/') || 'none';
  const modelText =
    tech.model.method === 'fitted'
      ? `Bass fit p ${round(tech.params.p)}, q ${round(tech.params.q)}, r2 ${round(tech.model.r2 ?? 0, 3)}`
      : `Bass priors p ${tech.params.p}, q ${tech.params.q} (${tech.model.reason})`;
  const details: Record<FactorName, { source: FactorSource; detail: string; value: number; unit: string }> = {
    port_shipment_share: {
      source: 'data set',
      value: adopted,
      unit: 'share of market potential shipped',
      detail: `data set: ${tech.shipments.length} shipment points ${years.length ? `${Math.min(...years)}..${Math.max(...years)}` : ''} (${kinds}); ${modelText}; m ${round(tech.m, 1)} M ports`,
    },
    asp_decline: evidence.asp
      ? {
          source: 'catalogue',
          value: evidence.asp.rate,
          unit: 'price decline per year',
          detail: `catalogue: ${evidence.asp.observations} price observations ${month(evidence.asp.from)}..${month(evidence.asp.to)} in ${evidence.asp.series} product series, ${pct(evidence.asp.rate)} per year`,
        }
      : aspWithoutObservations(tech, evidence),
    standards_maturity: {
      source: 'data set',
      value: row.standard_year === null ? 0 : snapshot.decimalYear - row.standard_year,
      unit: `years since ${row.standard_stage === 'approved' ? 'approval' : 'expected approval'} (stage ${row.standard_stage})`,
      detail: `data set: ${row.standard_source}`,
    },
    interoperability: { source: 'data set', value: row.interop_level, unit: 'validation level 0..4', detail: `data set: ${row.interop_source}` },
    vendor_trajectory:
      evidence.vendors.length > 0 && evidence.totalVendors > 0
        ? {
            source: 'catalogue',
            value: evidence.vendors.length / evidence.totalVendors,
            unit: 'share of catalogue vendors offering it',
            detail: `catalogue: ${evidence.vendors.length} of ${evidence.totalVendors} vendors offer it (${evidence.vendors.reduce((s, v) => s + v.products, 0)} products, ${evidence.vendors.reduce((s, v) => s + v.recent_products, 0)} added in the last 12 months)`,
          }
        : {
            source: 'data set',
            value: row.fallback_vendor_breadth,
            unit: 'share of catalogue vendors offering it',
            detail: `data set: ${row.fallback_source} (no catalogue products match)`,
          },
    media_sentiment:
      evidence.news.length >= MIN_NEWS_ARTICLES
        ? (() => {
            const mean = evidence.news.reduce((s, n) => s + n.sentiment, 0) / evidence.news.length;
            const intensity = evidence.news.reduce((s, n) => s + Math.abs(n.sentiment), 0) / evidence.news.length;
            const dates = evidence.news.map((n) => n.published_at).sort();
            return {
              source: 'catalogue' as const,
              value: intensity,
              unit: 'mean |sentiment| of its news',
              detail: `catalogue: ${evidence.news.length} news articles ${month(dates[0] as string)}..${month(dates[dates.length - 1] as string)}, mean sentiment ${mean >= 0 ? '+' : ''}${mean.toFixed(2)}`,
            };
          })()
        : {
            source: 'data set',
            value: row.fallback_sentiment_intensity,
            unit: 'mean |sentiment| of its news',
            detail: `data set: ${row.fallback_source}, mean sentiment ${row.fallback_sentiment >= 0 ? '+' : ''}${row.fallback_sentiment.toFixed(2)} (fewer than ${MIN_NEWS_ARTICLES} tagged news articles)`,
          },
  };
  const inputs: FactorInputs = {
    adoptedShare: details.port_shipment_share.value,
    aspDeclinePerYear: details.asp_decline.value,
    standardStage: row.standard_stage,
    yearsSinceStandard: details.standards_maturity.value,
    interopLevel: details.interoperability.value,
    vendorBreadth: details.vendor_trajectory.value,
    sentimentIntensity: details.media_sentiment.value,
  };
  return { inputs, details };
}

/** Each factor's value, where it came from, and the phase they add up to. */
export async function technologyFactors(db: AppDatabase, snapshot: ForecastSnapshot, tech: TechnologyState): Promise<TechnologyFactors> {
  const evidence = await gatherEvidence(db, tech, snapshot.nowMs);
  const { inputs, details } = inputsAndDetails(snapshot, tech, evidence);
  const classification = classifyPhase(inputs);
  const factors = FACTOR_NAMES.map((name): FactorReport => {
    const weight = FACTOR_WEIGHTS[name];
    const contribution = classification.contributions[name];
    return { name, weight, ...details[name], value: round(details[name].value), contribution: round(contribution), weighted: round(weight * contribution) };
  });
  return { factors, classification, evidence };
}
