import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schema-helpers.js';
import { Factor } from './forecast.schemas.js';

export const SalesForecast = Type.Object({
  technology: Type.String(),
  as_of: Type.String(),
  phase: Type.String(),
  demand_calibrated: Type.Boolean({ description: 'True when internal demand run-rates exist for the technology and scale the forecast' }),
  demand: Nullable(
    Type.Object({
      skus: Type.Integer(),
      run_rate_30d: Type.Number(),
      run_rate_90d: Type.Number(),
      run_rate_365d: Type.Number(),
      units_12m: Type.Number(),
      base_units_per_month: Type.Number(),
      basis: Type.String(),
    }),
  ),
  market_growth_12m_pct: Type.Number({ description: 'Model: ports in the next 12 months vs the last 12 months' }),
  horizons: Type.Array(
    Type.Object({
      months: Type.Integer(),
      market_ports_millions: Type.Number({ description: 'Ports the whole market ships over the horizon (model)' }),
      units: Nullable(Type.Number({ description: "Our units over the horizon: run-rate x the model's demand curve (null without demand data)" })),
    }),
  ),
  signal: StringEnum(['buy', 'wait', 'hold'] as const),
  reasons: Type.Array(Type.String()),
  factors: Type.Array(Factor),
});
export type SalesForecast = Static<typeof SalesForecast>;

const Milestones = {
  adoption_share_now: Type.Number(),
  year_10pct: Type.Number({ description: 'When 10 % of the market potential has adopted' }),
  year_50pct: Type.Number(),
  year_90pct: Type.Number(),
  peak_year: Type.Number(),
};

export const AdoptionRoadmap = Type.Object({
  as_of: Type.String(),
  technologies: Type.Array(
    Type.Object({
      name: Type.String(),
      category: Type.String(),
      phase: Type.String(),
      score: Type.Number(),
      ...Milestones,
      maturity_indicators: Type.Array(Factor),
    }),
  ),
});
export type AdoptionRoadmap = Static<typeof AdoptionRoadmap>;

export const AdoptionDetail = Type.Object({
  technology: Type.String(),
  as_of: Type.String(),
  phase: Type.String(),
  score: Type.Number(),
  analysis: Type.Object({
    ...Milestones,
    market_potential_millions: Type.Number(),
    units_this_year: Type.Number(),
    units_next_year: Type.Number(),
    growth_12m_pct: Type.Number(),
  }),
  migration_paths: Type.Array(
    Type.Object({
      lineage: Type.String(),
      relation: Type.String(),
      direction: StringEnum(['from', 'to'] as const, { description: '"to": this technology replaces `other`; "from": `other` replaces it' }),
      other: Type.String(),
      note: Type.String(),
      chain: Type.Array(Type.String()),
      crossover_year: Nullable(Type.Integer({ description: "Norton-Bass: first year the newer generation's installed base exceeds the older one's" })),
    }),
  ),
  risks: Type.Array(Type.String()),
  timeline: Type.Array(Type.Object({ year: Type.Number(), event: Type.String() })),
  factors: Type.Array(Factor),
});
export type AdoptionDetail = Static<typeof AdoptionDetail>;
