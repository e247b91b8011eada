import type { Selectable } from 'kysely';
import { integer, real, table, type TableRow, type TablesOf, text } from './table-spec.js';

/** The technology data set of migrations/003_forecast.sql (owned by features/forecast). */
type SourceKind = 'published' | 'estimate';

export const technologiesTable = table('technologies', {
  name: text(),
  display_order: integer(),
  category: text<'ethernet' | 'coherent' | 'packaging'>(),
  speed_gbps: real().orNull(),
  description: text(),
  standard_name: text().orNull(),
  standard_body: text().orNull(),
  standard_stage: text<'none' | 'draft' | 'approved'>(),
  standard_year: integer().orNull(),
  standard_source: text(),
  launch_year: integer(),
  launch_kind: text<SourceKind>(),
  launch_source: text(),
  market_potential: real(),
  prior_p: real(),
  prior_q: real(),
  model_kind: text<SourceKind>(),
  model_source: text(),
  interop_level: integer(),
  interop_source: text(),
  fallback_asp_decline: real(),
  fallback_vendor_breadth: real(),
  fallback_sentiment: real(),
  fallback_sentiment_intensity: real(),
  fallback_source: text(),
  segment_hyperscaler: real(),
  segment_telco: real(),
  segment_enterprise: real(),
  /** JSON: {speed_gbps?, wdm_type?, exclude_wdm_type?, name_patterns?}. */
  catalogue_match: text(),
  /** JSON array of lower-case news_articles tags. */
  news_tags: text().defaulted(),
  risks: text().defaulted(),
  updated_at: text(),
});

export const technologyShipmentsTable = table('technology_shipments', {
  technology: text(),
  year: integer(),
  units: real(),
  kind: text<SourceKind>(),
  source: text(),
});

export const technologyGenerationsTable = table('technology_generations', {
  predecessor: text(),
  successor: text(),
  lineage: text(),
  relation: text<'successor' | 'alternative'>(),
  note: text(),
});

export const technologyRegionsTable = table('technology_regions', {
  region: text(),
  display_order: integer(),
  lag_years: real(),
  price_index: real(),
  market_share: real(),
  segment_hyperscaler: real(),
  segment_telco: real(),
  segment_enterprise: real(),
  kind: text<SourceKind>(),
  source: text(),
});

export const technologyModelsTable = table('technology_models', {
  technology: text(),
  method: text<'fitted' | 'prior'>(),
  p: real(),
  q: real(),
  m: real(),
  r2: real().orNull(),
  converged: integer().orNull(),
  iterations: integer().orNull(),
  points: integer(),
  reason: text(),
});

export const technologyDatasetTable = table('technology_dataset', {
  id: integer().defaulted(),
  version: text(),
  hash: text(),
  loaded_at: text(),
});

export const FORECAST_TABLES = [
  technologiesTable,
  technologyShipmentsTable,
  technologyGenerationsTable,
  technologyRegionsTable,
  technologyModelsTable,
  technologyDatasetTable,
] as const;

export type TechnologyRow = Selectable<TableRow<typeof technologiesTable>>;
export type ShipmentRow = Selectable<TableRow<typeof technologyShipmentsTable>>;
export type GenerationRow = Selectable<TableRow<typeof technologyGenerationsTable>>;
export type RegionRow = Selectable<TableRow<typeof technologyRegionsTable>>;
export type ModelRow = Selectable<TableRow<typeof technologyModelsTable>>;
export type ForecastTables = TablesOf<typeof FORECAST_TABLES>;
