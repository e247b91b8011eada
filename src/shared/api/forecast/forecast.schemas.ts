import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schema-helpers.js';

export const TechParams = Type.Object({
  tech: Type.String({ minLength: 1, maxLength: 64, description: 'Exact name, or a speed with unit (400G, 1.6T, 400)' }),
});
export const TechnologyParams = Type.Object({
  technology: Type.String({ minLength: 1, maxLength: 64, description: 'Exact name, or a speed with unit (400G, 1.6T, 400)' }),
});

const Source = StringEnum(['catalogue', 'published', 'data set', 'model'] as const, {
  description:
    'catalogue: measured from real (non-demo) catalogue data; published: a published market figure, cited in detail; data set: an estimate of the technology data set; model: computed',
});
export const Factor = Type.Object({
  name: StringEnum(['port_shipment_share', 'asp_decline', 'standards_maturity', 'interoperability', 'vendor_trajectory', 'media_sentiment'] as const),
  weight: Type.Number(),
  value: Type.Number({ description: 'The measured value, in `unit`' }),
  unit: Type.String(),
  contribution: Type.Number({ description: 'Maturity contribution 0..1 the classifier derives from the value' }),
  weighted: Type.Number({ description: 'weight x contribution; the score is their sum' }),
  source: Source,
  detail: Type.String({ description: 'Where the value came from, e.g. "catalogue: 57 price observations 2025-11..2026-11 ..."' }),
});
export type Factor = Static<typeof Factor>;

export const AdoptionPoint = Type.Object({
  year: Type.Integer(),
  units_millions: Type.Number({
    description:
      'Modules shipped in the year, millions: the shipment point where the data set has one, else new adoption plus renewal continued from the last point',
  }),
  cumulative_share: Type.Number({ description: 'Share of the market potential adopted by the end of the year' }),
});
export type AdoptionPoint = Static<typeof AdoptionPoint>;

export const ModelInfo = Type.Object({
  method: StringEnum(['fitted', 'prior'] as const),
  p: Type.Number(),
  q: Type.Number(),
  m: Type.Number({ description: 'Market potential, millions of ports' }),
  launch_year: Type.Integer(),
  r2: Nullable(Type.Number()),
  converged: Nullable(Type.Boolean()),
  points: Type.Integer({ description: 'Shipment points available' }),
  reason: Type.String(),
  source: Type.String({ description: 'Source of the priors and m (estimates say so)' }),
  renewal: Type.Object(
    {
      share: Type.Number({ description: 'Share of the modules retiring each year that are replaced like for like' }),
      life_years: Type.Integer({ description: 'Mean service life; modules retire 2 years either side of it' }),
      source: Nullable(Type.String()),
    },
    { description: 'Renewal demand added to the Bass adoption (estimate of the data set)' },
  ),
  last_point_year: Nullable(Type.Integer({ description: 'Last year with a shipment point; later years are forecast' })),
  level: Type.Number({ description: 'Last shipment point / model value of that year: the forecast is scaled by it so it continues the series' }),
  points_kind: StringEnum(['published', 'estimate', 'mixed', 'none'] as const, {
    description:
      'What the shipment points of the fit window (launch year onwards) are: all published counts, all estimates, a mix, or none. ' +
      'When they are not all published, r2 only says how well a Bass curve reproduces estimated points (themselves derived from Bass shapes) and is no evidence for the model.',
  }),
});

export const HypeCycleEntry = Type.Object({
  name: Type.String(),
  category: Type.String(),
  speed_gbps: Nullable(Type.Number()),
  phase: Type.String(),
  phase_index: Type.Integer({ minimum: 0, maximum: 4 }),
  score: Type.Number(),
  progress_in_phase: Type.Number(),
  phase_rule: Nullable(Type.String({ description: 'Why the phase is later than the score alone would place it' })),
  factors: Type.Array(Factor),
  adoption_share_now: Type.Number(),
  forecast_5y: Type.Array(AdoptionPoint, { description: 'This year and the next four' }),
  model: ModelInfo,
});
export type HypeCycleEntry = Static<typeof HypeCycleEntry>;

export const HypeCycleList = Type.Object({
  as_of: Type.String(),
  phases: Type.Array(Type.String()),
  weights: Type.Record(Type.String(), Type.Number()),
  technologies: Type.Array(HypeCycleEntry),
});
export type HypeCycleList = Static<typeof HypeCycleList>;

export const HypeCycleDetail = Type.Composite([
  HypeCycleEntry,
  Type.Object({
    as_of: Type.String(),
    description: Type.String(),
    standard: Type.Object({
      name: Nullable(Type.String()),
      body: Nullable(Type.String()),
      stage: Type.String(),
      year: Nullable(Type.Integer()),
      source: Type.String(),
    }),
    launch: Type.Object({ year: Type.Integer(), kind: Type.String(), source: Type.String() }),
    shipments: Type.Array(Type.Object({ year: Type.Integer(), units_millions: Type.Number(), kind: Type.String(), source: Type.String() })),
    peak_year: Type.Number({ description: 'Calendar time of the steepest adoption (Bass peak)' }),
    logistic: Type.Object({
      L: Type.Number(),
      k: Type.Number(),
      t0_year: Type.Number(),
      max_gap_share: Type.Number({ description: 'Largest gap between the Bass curve and this logistic, as a share of m: p/(p+q)' }),
    }),
    curve: Type.Array(AdoptionPoint, { description: 'From the launch year to five years ahead' }),
    risks: Type.Array(Type.String()),
  }),
]);
export type HypeCycleDetail = Static<typeof HypeCycleDetail>;

export const CatalogueSummary = Type.Object({
  products: Type.Integer(),
  vendors: Type.Integer(),
  total_vendors: Type.Integer(),
  products_added_12m: Type.Integer(),
  prices: Type.Array(
    Type.Object({
      currency: Type.String(),
      observations: Type.Integer(),
      median_price: Type.Number(),
      min_price: Type.Number(),
      max_price: Type.Number(),
      latest_observed_at: Type.String(),
      demo: Type.Boolean({ description: 'True when these are generated demo prices (the seed data set), not observed offers' }),
    }),
    { description: 'Price observations of the last 12 months, per currency and per demo/observed' },
  ),
  asp_decline_per_year: Type.Number(),
  asp_source: Source,
  asp_detail: Type.String(),
});
export const EnrichedList = Type.Object({
  as_of: Type.String(),
  technologies: Type.Array(Type.Composite([HypeCycleEntry, Type.Object({ catalogue: CatalogueSummary })])),
});
export type EnrichedList = Static<typeof EnrichedList>;

export const LifecycleEntry = Type.Object({
  name: Type.String(),
  stage: StringEnum(['growth', 'peak', 'decline'] as const),
  peak_year: Type.Integer({ description: 'Year of the highest revenue (units x experience-curve price)' }),
  revenue_index_now: Type.Number({ description: "This year's revenue, peak = 100" }),
  decline_pct_per_year: Type.Number({ description: 'Average yearly revenue change over the three years after the peak (negative = decline)' }),
  experience_exponent: Type.Number({ description: 'b in price ~ cumulative volume^-b' }),
  exponent_source: Type.String(),
  series: Type.Array(Type.Object({ year: Type.Integer(), units_millions: Type.Number(), price_index: Type.Number(), revenue_index: Type.Number() })),
});
export const LifecycleList = Type.Object({ as_of: Type.String(), technologies: Type.Array(LifecycleEntry) });
export type LifecycleList = Static<typeof LifecycleList>;

export const RegionalAdoption = Type.Object({
  technology: Type.String(),
  as_of: Type.String(),
  regions: Type.Array(
    Type.Object({
      region: Type.String(),
      lag_years: Type.Number(),
      price_index: Type.Number(),
      market_share: Type.Number(),
      segments: Type.Object({ hyperscaler: Type.Number(), telco: Type.Number(), enterprise: Type.Number() }),
      demand_share: Type.Number({ description: "Share of this technology's market in the region (market share x segment affinity)" }),
      market_potential_millions: Type.Number(),
      adoption_share_now: Type.Number(),
      forecast_5y: Type.Array(AdoptionPoint),
      kind: Type.String(),
      source: Type.String(),
    }),
  ),
});
export type RegionalAdoption = Static<typeof RegionalAdoption>;
