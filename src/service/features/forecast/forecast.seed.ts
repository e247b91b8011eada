import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDatabase } from '../../db/database.js';
import { fitBass, MIN_FIT_POINTS } from './bass-fit.js';
import type { GenerationRow, ModelRow, RegionRow, ShipmentRow, TechnologyRow } from '../../db/tables/forecast.tables.js';
import { type ForecastDataset, loadedDatasetHash, replaceDataset } from './forecast.repository.js';
import { renewalOf } from './renewal.facts.js';
import { adoptionPart } from './shipment-model.rules.js';
import { publishedPriceErosion } from './price-erosion.facts.js';

function publishedRate(technology: string): number {
  const fact = publishedPriceErosion(technology);
  if (!fact) throw new Error(`technology data set technologies.json: ${technology} needs fallback.asp_decline (no published price decline)`);
  return fact.rate;
}

/** The technology data set on disk: resources/seed/technologies/ (README.md there lists sources and estimates). */
export const TECHNOLOGY_DATASET_DIR = join('seed', 'technologies');
/** A fit replaces the priors only when it explains the series this well. */
export const MIN_FIT_R2 = 0.9;

const Kind = Type.Union([Type.Literal('published'), Type.Literal('estimate')]);
const Segments = Type.Object({ hyperscaler: Type.Number({ minimum: 0 }), telco: Type.Number({ minimum: 0 }), enterprise: Type.Number({ minimum: 0 }) });
const TechnologyFile = Type.Object({
  version: Type.String(),
  technologies: Type.Array(
    Type.Object({
      name: Type.String({ minLength: 1 }),
      display_order: Type.Integer(),
      category: Type.Union([Type.Literal('ethernet'), Type.Literal('coherent'), Type.Literal('packaging')]),
      speed_gbps: Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.Null()]),
      description: Type.String(),
      standard: Type.Object({
        name: Type.Union([Type.String(), Type.Null()]),
        body: Type.Union([Type.String(), Type.Null()]),
        stage: Type.Union([Type.Literal('none'), Type.Literal('draft'), Type.Literal('approved')]),
        year: Type.Union([Type.Integer(), Type.Null()]),
        source: Type.String({ minLength: 1 }),
      }),
      launch: Type.Object({ year: Type.Integer(), kind: Kind, source: Type.String({ minLength: 1 }) }),
      model: Type.Object({
        m: Type.Number({ exclusiveMinimum: 0 }),
        p: Type.Number({ exclusiveMinimum: 0 }),
        q: Type.Number({ exclusiveMinimum: 0 }),
        kind: Kind,
        source: Type.String({ minLength: 1 }),
      }),
      interop: Type.Object({ level: Type.Integer({ minimum: 0, maximum: 4 }), source: Type.String({ minLength: 1 }) }),
      fallback: Type.Object({
        /** Only where no published rate exists (price-erosion.facts.ts): the data set's estimate. */
        asp_decline: Type.Optional(Type.Number({ minimum: -1, maximum: 1 })),
        vendor_breadth: Type.Number({ minimum: 0, maximum: 1 }),
        sentiment: Type.Number({ minimum: -1, maximum: 1 }),
        sentiment_intensity: Type.Number({ minimum: 0, maximum: 1 }),
        source: Type.String({ minLength: 1 }),
      }),
      segments: Segments,
      catalogue_match: Type.Object({
        speed_gbps: Type.Optional(Type.Number()),
        wdm_type: Type.Optional(Type.String()),
        exclude_wdm_type: Type.Optional(Type.String()),
        name_patterns: Type.Optional(Type.Array(Type.String())),
      }),
      news_tags: Type.Array(Type.String()),
      risks: Type.Array(Type.String()),
    }),
  ),
});
const ShipmentFile = Type.Object({
  shipments: Type.Array(
    Type.Object({ technology: Type.String(), year: Type.Integer(), units: Type.Number({ minimum: 0 }), kind: Kind, source: Type.String({ minLength: 1 }) }),
  ),
});
const GenerationFile = Type.Object({
  links: Type.Array(
    Type.Object({
      predecessor: Type.String(),
      successor: Type.String(),
      lineage: Type.String(),
      relation: Type.Union([Type.Literal('successor'), Type.Literal('alternative')]),
      note: Type.String(),
    }),
  ),
});
const RegionFile = Type.Object({
  regions: Type.Array(
    Type.Object({
      region: Type.String(),
      display_order: Type.Integer(),
      lag_years: Type.Number({ minimum: 0 }),
      price_index: Type.Number({ exclusiveMinimum: 0 }),
      market_share: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
      segments: Segments,
      kind: Kind,
      source: Type.String({ minLength: 1 }),
    }),
  ),
});

function readJson<T extends Parameters<typeof Value.Check>[0]>(dir: string, file: string, schema: T): Static<T> {
  const text = readFileSync(join(dir, file), 'utf8');
  const value: unknown = JSON.parse(text);
  if (!Value.Check(schema, value)) {
    const first = [...Value.Errors(schema, value)][0];
    throw new Error(`technology data set ${file}: ${first?.path ?? ''} ${first?.message ?? 'is invalid'}`);
  }
  return value as Static<T>;
}

/**
 * Fitted Bass parameters where the shipment series supports a fit, the data set's priors otherwise. The fit sees the
 * new-adoption part of the series (each point minus the renewal of retiring modules, renewal.facts.ts), since the
 * Bass curve describes first purchases only.
 */
export function modelFor(tech: Static<typeof TechnologyFile>['technologies'][number], shipments: ShipmentRow[]): ModelRow {
  const series = shipments.filter((s) => s.technology === tech.name && s.year >= tech.launch.year).sort((a, b) => a.year - b.year);
  const contiguous = series.every((s, i) => s.year === tech.launch.year + i);
  const prior = (reason: string): ModelRow => ({
    technology: tech.name,
    method: 'prior',
    p: tech.model.p,
    q: tech.model.q,
    m: tech.model.m,
    r2: null,
    converged: null,
    iterations: null,
    points: series.length,
    reason,
  });
  if (series.length < MIN_FIT_POINTS) return prior(`${series.length} shipment points; a fit needs ${MIN_FIT_POINTS}`);
  if (!contiguous) return prior('shipment years are not contiguous from the launch year');
  if (!series.some((s) => s.units > 0)) return prior('no shipments in the series');
  if (!adoptionPart(series, renewalOf(tech.name)).some((units) => units > 0)) return prior('the series is renewal only');
  // Estimated points were made from the priors (scaled per anchor year); a fit to them would only fit those steps.
  if (!series.some((s) => s.kind === 'published'))
    return prior(`the ${series.length} shipment points are estimates made from these priors; a fit needs published points`);
  const fit = fitBass(adoptionPart(series, renewalOf(tech.name)));
  const base = { technology: tech.name, r2: fit.r2, converged: fit.converged ? 1 : 0, iterations: fit.iterations, points: series.length };
  if (!fit.converged || fit.r2 < MIN_FIT_R2) return { ...prior(`fit rejected (converged ${fit.converged}, r2 ${fit.r2.toFixed(3)})`), ...base };
  return {
    ...base,
    method: 'fitted',
    p: fit.p,
    q: fit.q,
    m: fit.m,
    reason: `fitted to ${series.length} shipment points ${tech.launch.year}..${tech.launch.year + series.length - 1}`,
  };
}

export interface SeedForecastReport {
  loaded: boolean;
  hash: string;
  technologies: number;
  shipments: number;
}

/**
 * Loads resources/seed/technologies/ into the forecast tables. Idempotent: when the files' hash equals the loaded
 * one nothing is written; otherwise the data set is replaced in one transaction and the Bass models are refitted.
 */
export async function seedForecastData(db: AppDatabase, resourcesDir: string, now: () => number = Date.now): Promise<SeedForecastReport> {
  const dir = join(resourcesDir, TECHNOLOGY_DATASET_DIR);
  const files = ['technologies.json', 'shipments.json', 'generations.json', 'regions.json'];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(join(dir, file)));
  const digest = hash.digest('hex');
  const techFile = readJson(dir, 'technologies.json', TechnologyFile);
  const shipFile = readJson(dir, 'shipments.json', ShipmentFile);
  if ((await loadedDatasetHash(db)) === digest) {
    return { loaded: false, hash: digest, technologies: techFile.technologies.length, shipments: shipFile.shipments.length };
  }
  const genFile = readJson(dir, 'generations.json', GenerationFile);
  const regionFile = readJson(dir, 'regions.json', RegionFile);
  const loadedAt = new Date(now()).toISOString();
  const technologies: TechnologyRow[] = techFile.technologies.map((t) => ({
    name: t.name,
    display_order: t.display_order,
    category: t.category,
    speed_gbps: t.speed_gbps,
    description: t.description,
    standard_name: t.standard.name,
    standard_body: t.standard.body,
    standard_stage: t.standard.stage,
    standard_year: t.standard.year,
    standard_source: t.standard.source,
    launch_year: t.launch.year,
    launch_kind: t.launch.kind,
    launch_source: t.launch.source,
    market_potential: t.model.m,
    prior_p: t.model.p,
    prior_q: t.model.q,
    model_kind: t.model.kind,
    model_source: t.model.source,
    interop_level: t.interop.level,
    interop_source: t.interop.source,
    fallback_asp_decline: t.fallback.asp_decline ?? publishedRate(t.name),
    fallback_vendor_breadth: t.fallback.vendor_breadth,
    fallback_sentiment: t.fallback.sentiment,
    fallback_sentiment_intensity: t.fallback.sentiment_intensity,
    fallback_source: t.fallback.source,
    segment_hyperscaler: t.segments.hyperscaler,
    segment_telco: t.segments.telco,
    segment_enterprise: t.segments.enterprise,
    catalogue_match: JSON.stringify(t.catalogue_match),
    news_tags: JSON.stringify(t.news_tags.map((tag) => tag.toLowerCase())),
    risks: JSON.stringify(t.risks),
    updated_at: loadedAt,
  }));
  const shipments: ShipmentRow[] = shipFile.shipments;
  const generations: GenerationRow[] = genFile.links;
  const regions: RegionRow[] = regionFile.regions.map((r) => ({
    region: r.region,
    display_order: r.display_order,
    lag_years: r.lag_years,
    price_index: r.price_index,
    market_share: r.market_share,
    segment_hyperscaler: r.segments.hyperscaler,
    segment_telco: r.segments.telco,
    segment_enterprise: r.segments.enterprise,
    kind: r.kind,
    source: r.source,
  }));
  const models = techFile.technologies.map((t) => modelFor(t, shipments));
  const dataset: ForecastDataset = { version: techFile.version, hash: digest, technologies, shipments, generations, regions, models };
  await replaceDataset(db, dataset, loadedAt);
  return { loaded: true, hash: digest, technologies: technologies.length, shipments: shipments.length };
}
