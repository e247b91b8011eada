import type { STANDARD_MEDIA, VendorKind } from '../../../shared/vocabulary/catalogue.vocabulary.js';
import { demandTable } from './demand.tables.js';
import { PRICE_TABLES } from './prices.tables.js';
import { integer, real, table, type TableRow, type TablesOf, text, view } from './table-spec.js';
import { TRANSPORT_TABLES } from './transport.tables.js';

/**
 * The product catalogue of migrations/002_catalogue.sql (owned by features/catalogue; the seed loader fills it).
 * JSON lists (wavelengths, speeds) are TEXT; booleans are 0/1 integers; times are ISO-8601 UTC text.
 */
export const vendorsTable = table('vendors', {
  id: text(),
  name: text(),
  kind: text<VendorKind>(),
  country: text().orNull(),
  website: text().orNull(),
  is_demo: integer().defaulted(),
  scrape_interval_hours: integer().orNull(),
  notes: text().orNull(),
});

export const standardsTable = table('standards', {
  name: text(),
  category: text(),
  speed_gbps: real(),
  lanes: integer(),
  modulation: text(),
  medium: text<(typeof STANDARD_MEDIA)[number]>(),
  reach_meters: integer().orNull(),
  reach_label: text(),
  wavelengths: text().defaulted(),
  fiber_count: integer().orNull(),
  connector: text().orNull(),
  body: text(),
  year: integer().orNull(),
  description_en: text(),
  description_de: text(),
});

export const formFactorsTable = table('form_factors', {
  name: text(),
  full_name: text(),
  speed: text(),
  max_speed_gbps: real(),
  channels: integer(),
  status: text(),
  supersedes: text().orNull(),
  introduced_year: integer().orNull(),
  description_en: text(),
  description_de: text(),
});

export const transceiversTable = table('transceivers', {
  id: text(),
  slug: text(),
  vendor_id: text(),
  part_number: text(),
  name: text(),
  form_factor: text(),
  speed_gbps: real(),
  standard: text().orNull(),
  fiber_type: text(),
  wdm_type: text(),
  wavelengths: text().defaulted(),
  reach_meters: integer().orNull(),
  reach_label: text().defaulted(),
  details_verified: integer().orNull().computed(),
  data_confidence: text(),
  connector: text().orNull(),
  lanes: integer().orNull(),
  modulation: text().orNull(),
  power_w: real().orNull(),
  temp_range: text().orNull(),
  temp_min_c: integer().orNull(),
  temp_max_c: integer().orNull(),
  dom_support: integer().defaulted(),
  platform_coding: text().orNull(),
  product_page_url: text().orNull(),
  image_url: text().orNull(),
  description: text().orNull(),
  created_at: text().defaulted(),
  updated_at: text().defaulted(),
  // migrations/013_data_provenance.sql: seed = generated demo row, import = written by an import, NULL = not recorded.
  origin: text<'seed' | 'import'>().orNull(),
  generator: text().orNull(),
  generated_on: text().orNull(),
  // migrations 021: 1 while any price observation of the product exists; kept by triggers on price_observations.
  has_price: integer().derived(),
  // migrations 021: the text query's fields, lowered and joined (PostgreSQL stores and indexes it).
  search_text: text().orNull().computed(),
});

export const operatorProductMapTable = table('operator_product_map', {
  transceiver_id: text(),
  operator_transceiver_id: text(),
  match_basis: text(),
});

export const switchesTable = table('switches', {
  id: text(),
  slug: text(),
  vendor_id: text(),
  model: text(),
  series: text().orNull(),
  role: text().orNull(),
  asic: text().orNull(),
  released_year: integer().orNull(),
  product_page_url: text().orNull(),
  description: text().orNull(),
});

export const switchPortGroupsTable = table('switch_port_groups', {
  id: integer().defaulted(),
  switch_id: text(),
  port_count: integer(),
  form_factor: text(),
  speeds_gbps: text(),
  max_speed_gbps: real(),
  role: text().orNull(),
});

export const imageCoverageView = view('image_coverage', {
  form_factor: text(),
  products: integer(),
  with_image: integer(),
});

export const switchTransceiverFinderView = view('switch_transceiver_finder', {
  switch_id: text(),
  port_group_id: integer(),
  form_factor: text(),
  speed_gbps: real(),
  transceiver_id: text(),
  platform_coding: text().orNull(),
});

export const PRODUCT_TABLES = [
  vendorsTable,
  standardsTable,
  formFactorsTable,
  transceiversTable,
  operatorProductMapTable,
  switchesTable,
  switchPortGroupsTable,
  imageCoverageView,
  switchTransceiverFinderView,
] as const;

/** Everything migrations/002_catalogue.sql creates, in its order. */
export const CATALOGUE_TABLES = [...PRODUCT_TABLES, ...PRICE_TABLES, demandTable, ...TRANSPORT_TABLES] as const;

export type VendorsTable = TableRow<typeof vendorsTable>;
export type StandardsTable = TableRow<typeof standardsTable>;
export type FormFactorsTable = TableRow<typeof formFactorsTable>;
export type TransceiversTable = TableRow<typeof transceiversTable>;
export type SwitchesTable = TableRow<typeof switchesTable>;
export type SwitchPortGroupsTable = TableRow<typeof switchPortGroupsTable>;
export type CatalogueTables = TablesOf<typeof CATALOGUE_TABLES>;
