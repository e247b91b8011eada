import { type Static, Type } from '@sinclair/typebox';
import { Nullable, PagingFields, StringEnum, TextFilter } from '../schema-helpers.js';
import { SPEED_PATTERN } from '../../speed.js';
import { DemandRecord } from '../catalogue/demand.schemas.js';
import { REORDER_URGENCIES, URGENCY_FILTERS, VELOCITY_CLASS_NAMES } from '../../vocabulary/demand.vocabulary.js';

/*
 * Internal demand analysis (/api/internal/demand/*). Every route needs the bearer token, and the rows with
 * is_internal = true are included only because the request is authenticated: the data layer leaves them out for
 * any caller without a verified token. Run-rates are units per month.
 */

const RULES = {
  daily:
    'Units per day the stock must serve: max(run_rate_30d, run_rate_90d) / (365 / 12). The larger of the two rates, so a recent surge counts at once. Null without demand data.',
  coverage:
    'Days the German stock lasts: stock_de / daily_run_rate, rounded to 0.1 day. Null when the daily run-rate is 0 (nothing sells: unbounded) or unknown.',
  momentum: 'run_rate_30d / run_rate_365d, rounded to 0.001: above 1 demand speeds up, below 1 it slows. Null when the 365-day run-rate is 0 or unknown.',
  urgency:
    'critical: coverage under 14 days (stock 0 with demand = 0 days); low: 14 to under 45 days; ok: 45 to 180 days, or neither sales nor stock; overstock: over 180 days, or stock that does not sell at all. Null (filter value "unassessed") without demand data.',
};

const Totals = {
  skus: Type.Integer({ description: 'SKUs in the group' }),
  skus_with_data: Type.Integer({ description: 'SKUs in the group that carry demand data' }),
  units_12m: Type.Number({ description: 'Units sold over the last 12 months (SKUs with data)' }),
  run_rate_30d: Type.Number({ description: 'Sum of the 30-day run-rates, units per month' }),
  run_rate_90d: Type.Number({ description: 'Sum of the 90-day run-rates, units per month' }),
  run_rate_365d: Type.Number({ description: 'Sum of the 365-day run-rates, units per month' }),
  stock_de: Type.Integer({ description: 'Units in German stock (all SKUs of the group)' }),
  momentum_ratio: Nullable(Type.Number({ description: `Of the group's sums. ${RULES.momentum}` })),
};

export const DemandBySpeedItem = Type.Object(
  {
    speed_gbps: Nullable(Type.Number({ description: 'Null for SKUs without a speed (cables, accessories)' })),
    speed: Nullable(Type.String({ description: 'The speed as written: "100G", "1.6T"' })),
    ...Totals,
    share_of_units_pct: Type.Number({ description: "The group's share of all units sold in 12 months, in percent (0 when nothing sold)" }),
  },
  { title: 'DemandBySpeedItem' },
);

export const DemandBySpeed = Type.Object(
  {
    internal_included: Type.Boolean({ description: 'True when rows with is_internal = true are counted (always so for an authenticated request)' }),
    total: Type.Integer(),
    items: Type.Array(DemandBySpeedItem, { description: 'Fastest speed last; SKUs without a speed last of all' }),
  },
  { title: 'DemandBySpeed' },
);
export type DemandBySpeed = Static<typeof DemandBySpeed>;

export const VelocityItem = Type.Object(
  {
    velocity_class: Type.String({ description: `One of ${VELOCITY_CLASS_NAMES.join(', ')}; an import may also bring other class names, listed after these` }),
    rule: Type.String({ description: 'How a SKU falls into the class' }),
    min_units_per_month: Nullable(Type.Number({ description: 'Lower bound of the 365-day run-rate (units per month); null for unknown' })),
    ...Totals,
    share_of_skus_pct: Type.Number(),
    share_of_units_pct: Type.Number(),
  },
  { title: 'VelocityItem' },
);

export const VelocityBreakdown = Type.Object(
  {
    internal_included: Type.Boolean(),
    total: Type.Integer(),
    items: Type.Array(VelocityItem, {
      description:
        'One entry per class, fastest first, including empty classes. Classes by the 365-day run-rate in units per month: fast >= 50, medium >= 10, slow > 0, non-moving = 0 (data, but no sale in 12 months), unknown = no demand data.',
    }),
  },
  { title: 'VelocityBreakdown' },
);
export type VelocityBreakdown = Static<typeof VelocityBreakdown>;

export const TechnologyDemandInput = Type.Object(
  {
    technology: Type.String(),
    speed_gbps: Nullable(Type.Number()),
    demand_calibrated: Type.Boolean({
      description: 'True when SKUs with demand data belong to the technology and their base run-rate is above 0; the sales forecast sets its flag from this',
    }),
    skus: Type.Integer({
      description: 'SKUs with demand data that belong to the technology (cross-referenced to a matching product, or unlinked at its speed)',
    }),
    run_rate_30d: Type.Number(),
    run_rate_90d: Type.Number(),
    run_rate_365d: Type.Number(),
    units_12m: Type.Number(),
    base_units_per_month: Nullable(
      Type.Number({ description: 'The run-rate the forecast scales: the 90-day rate, else the 30-day, else the 365-day; null when not calibrated' }),
    ),
    basis: Nullable(Type.String({ description: 'Which run-rate is the base' })),
    momentum_ratio: Nullable(Type.Number({ description: RULES.momentum })),
  },
  { title: 'TechnologyDemandInput' },
);
export type TechnologyDemandInput = Static<typeof TechnologyDemandInput>;

export const ForecastInputQuery = Type.Object(
  {
    technology: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'One technology (name or alias, as in /api/forecast/:technology); all 11 when absent' }),
    ),
  },
  { additionalProperties: false },
);
export type ForecastInputQuery = Static<typeof ForecastInputQuery>;

export const ForecastInput = Type.Object(
  {
    as_of: Type.String(),
    internal_included: Type.Boolean(),
    items: Type.Array(TechnologyDemandInput),
  },
  { title: 'ForecastInput' },
);
export type ForecastInput = Static<typeof ForecastInput>;

export const HypeWeight = Type.Object(
  {
    technology: Type.String(),
    speed_gbps: Nullable(Type.Number()),
    demand_calibrated: Type.Boolean(),
    base_units_per_month: Nullable(Type.Number()),
    weight: Type.Number({
      description:
        "The technology's share of the summed base run-rates of all calibrated technologies (0 to 1; the weights add up to 1, or are all 0 without demand)",
    }),
    momentum_ratio: Nullable(Type.Number({ description: RULES.momentum })),
    momentum_weight: Type.Number({
      description: 'weight x momentum_ratio clamped to [0.5, 2] (1 when null), renormalised to add up to 1: recent demand counts more where it accelerates',
    }),
  },
  { title: 'HypeWeight' },
);

export const HypeWeights = Type.Object(
  {
    as_of: Type.String(),
    internal_included: Type.Boolean(),
    items: Type.Array(HypeWeight, { description: 'All technologies, heaviest weight first' }),
  },
  { title: 'HypeWeights' },
);
export type HypeWeights = Static<typeof HypeWeights>;

export const StockAnalysisQuery = Type.Object(
  {
    urgency: Type.Optional(StringEnum(URGENCY_FILTERS, { description: 'One reorder urgency, or "unassessed" for SKUs without demand data' })),
    speed_gbps: Type.Optional(Type.String({ pattern: SPEED_PATTERN, description: 'Gb/s as a number, or "400G", "1.6T" (= 1600)' })),
    form_factor: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Exact form factor, any case ("QSFP28")' })),
    velocity_class: Type.Optional(StringEnum(VELOCITY_CLASS_NAMES)),
    q: TextFilter('Part of the SKU or the description, any case'),
    ...PagingFields(50, 500),
  },
  { additionalProperties: false },
);
export type StockAnalysisQuery = Static<typeof StockAnalysisQuery>;

// The demand record's own fields (what the product detail lists), without its update time, plus the analysis.
const { updated_at: _updatedAt, ...demandRecordFields } = DemandRecord.properties;

export const StockAnalysisItem = Type.Object(
  {
    ...demandRecordFields,
    daily_run_rate: Nullable(Type.Number({ description: `${RULES.daily} Rounded to 0.001.` })),
    coverage_days_de: Nullable(Type.Number({ description: RULES.coverage })),
    momentum_ratio: Nullable(Type.Number({ description: RULES.momentum })),
    reorder_urgency: Nullable(StringEnum(REORDER_URGENCIES, { description: RULES.urgency })),
  },
  { title: 'StockAnalysisItem' },
);
export type StockAnalysisItem = Static<typeof StockAnalysisItem>;

const UrgencyCounts = Type.Object(
  Object.fromEntries(URGENCY_FILTERS.map((u) => [u, Type.Integer()])) as Record<(typeof URGENCY_FILTERS)[number], ReturnType<typeof Type.Integer>>,
  { description: 'SKUs per urgency under the other filters (the urgency filter itself left out), for the filter chips' },
);

export const StockAnalysis = Type.Object(
  {
    total: Type.Integer({ description: 'Items matching the filters, before limit/offset' }),
    limit: Type.Integer(),
    offset: Type.Integer(),
    internal_included: Type.Boolean(),
    thresholds: Type.Object({
      critical_below_days: Type.Number(),
      low_below_days: Type.Number(),
      overstock_above_days: Type.Number(),
    }),
    counts: UrgencyCounts,
    items: Type.Array(StockAnalysisItem, {
      description: 'Sorted by urgency (critical, low, ok, overstock, then unassessed), then coverage ascending (unbounded last), then SKU',
    }),
  },
  { title: 'StockAnalysis' },
);
export type StockAnalysis = Static<typeof StockAnalysis>;
