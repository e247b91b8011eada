import type { Generated } from 'kysely';

/**
 * The catalogue tables of migrations/002_catalogue.sql as Kysely sees them. Repositories widen the core type
 * with `db.kysely.withTables<CatalogueTables>()`; this file only describes columns, it holds no SQL.
 * JSON lists (wavelengths, speeds) are TEXT; booleans are 0/1 integers.
 */
export type VendorsTable = {
  id: string;
  name: string;
  kind: 'operator' | 'oem' | 'competitor';
  country: string | null;
  website: string | null;
  is_demo: number;
  scrape_interval_hours: number | null;
  notes: string | null;
}

export type StandardsTable = {
  name: string;
  category: string;
  speed_gbps: number;
  lanes: number;
  modulation: string;
  medium: 'multimode' | 'single-mode' | 'copper';
  reach_meters: number | null;
  reach_label: string;
  wavelengths: string;
  fiber_count: number | null;
  connector: string | null;
  body: string;
  year: number | null;
  description_en: string;
  description_de: string;
}

export type FormFactorsTable = {
  name: string;
  full_name: string;
  speed: string;
  max_speed_gbps: number;
  channels: number;
  status: string;
  supersedes: string | null;
  introduced_year: number | null;
  description_en: string;
  description_de: string;
}

export type TransceiversTable = {
  id: string;
  slug: string;
  vendor_id: string;
  part_number: string;
  name: string;
  form_factor: string;
  speed_gbps: number;
  standard: string | null;
  fiber_type: string;
  wdm_type: string;
  wavelengths: string;
  reach_meters: number | null;
  reach_label: string;
  details_verified: Generated<number>;
  data_confidence: string;
  connector: string | null;
  lanes: number | null;
  modulation: string | null;
  power_w: number | null;
  temp_range: string | null;
  temp_min_c: number | null;
  temp_max_c: number | null;
  dom_support: number;
  platform_coding: string | null;
  product_page_url: string | null;
  image_url: string | null;
  description: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type SwitchesTable = {
  id: string;
  slug: string;
  vendor_id: string;
  model: string;
  series: string | null;
  role: string | null;
  asic: string | null;
  released_year: number | null;
  product_page_url: string | null;
  description: string | null;
}

export type SwitchPortGroupsTable = {
  id: Generated<number>;
  switch_id: string;
  port_count: number;
  form_factor: string;
  speeds_gbps: string;
  max_speed_gbps: number;
  role: string | null;
}

export type PriceObservationsTable = {
  id: Generated<number>;
  transceiver_id: string;
  vendor_id: string;
  price: number;
  currency: string;
  observed_at: string;
  in_stock: number | null;
  stock_qty: number | null;
  source: string;
  url: string | null;
}

export type PriceChangesTable = {
  id: Generated<number>;
  transceiver_id: string;
  vendor_id: string;
  currency: string;
  old_price: number;
  new_price: number;
  change_pct: number;
  changed_at: string;
}

export type InternalDemandTable = {
  sku: string;
  description: string;
  transceiver_id: string | null;
  form_factor: string | null;
  speed_gbps: number | null;
  velocity_class: string;
  has_demand_data: number;
  units_12m: number | null;
  run_rate_30d: number | null;
  run_rate_90d: number | null;
  run_rate_365d: number | null;
  stock_de: number | null;
  is_internal: number;
  updated_at: string;
}

export type CoverageView = {
  form_factor: string;
  products: number;
  priced: number;
}

export type ImageCoverageView = {
  form_factor: string;
  products: number;
  with_image: number;
}

export type CatalogueTables = {
  vendors: VendorsTable;
  standards: StandardsTable;
  form_factors: FormFactorsTable;
  transceivers: TransceiversTable;
  switches: SwitchesTable;
  switch_port_groups: SwitchPortGroupsTable;
  price_observations: PriceObservationsTable;
  price_changes: PriceChangesTable;
  internal_demand: InternalDemandTable;
  price_coverage: CoverageView;
  image_coverage: ImageCoverageView;
}
