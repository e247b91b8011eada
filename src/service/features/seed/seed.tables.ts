/**
 * The shape of the catalogue data set on disk (resources/seed/catalogue/<table>.json) and how each file is loaded.
 * The builder (scripts/seed-builder) writes its files in exactly these column orders, and the loader builds its
 * SQL only from these lists, so the file format and the INSERT statements cannot drift apart.
 */
export interface SeedTableSpec {
  table: SeedTableName;
  columns: readonly string[];
  /** Primary-key column of a parent table that is upserted (kept stable across reseeds); absent = delete and insert. */
  key?: string;
  /** Columns never overwritten when an existing row is upserted. */
  keepOnUpdate?: readonly string[];
  /** ISO-8601 time columns moved by the loader's date shift (see README: the data set is anchored at as_of). */
  timeColumns?: readonly string[];
}

export const SEED_TABLE_NAMES = [
  'vendors',
  'standards',
  'form_factors',
  'transceivers',
  'operator_product_map',
  'switches',
  'switch_port_groups',
  'price_observations',
  'price_changes',
  'comparable_prices',
  'competitor_alerts',
  'internal_demand',
  'cities',
  'fiber_providers',
  'fiber_routes',
] as const;
export type SeedTableName = (typeof SEED_TABLE_NAMES)[number];

/** In insertion order: parents before children (foreign keys are also deferred to commit). */
export const SEED_TABLES: readonly SeedTableSpec[] = [
  { table: 'vendors', key: 'id', columns: ['id', 'name', 'kind', 'country', 'website', 'is_demo', 'scrape_interval_hours', 'notes'] },
  {
    table: 'standards',
    key: 'name',
    columns: [
      'name', 'category', 'speed_gbps', 'lanes', 'modulation', 'medium', 'reach_meters', 'reach_label', 'wavelengths',
      'fiber_count', 'connector', 'body', 'year', 'description_en', 'description_de',
    ],
  },
  {
    table: 'form_factors',
    key: 'name',
    columns: ['name', 'full_name', 'speed', 'max_speed_gbps', 'channels', 'status', 'supersedes', 'introduced_year', 'description_en', 'description_de'],
  },
  {
    table: 'transceivers',
    key: 'id',
    keepOnUpdate: ['created_at'],
    timeColumns: ['created_at', 'updated_at'],
    columns: [
      'id', 'slug', 'vendor_id', 'part_number', 'name', 'form_factor', 'speed_gbps', 'standard', 'fiber_type', 'wdm_type',
      'wavelengths', 'reach_meters', 'reach_label', 'data_confidence', 'connector', 'lanes', 'modulation', 'power_w',
      'temp_range', 'temp_min_c', 'temp_max_c', 'dom_support', 'platform_coding', 'product_page_url', 'image_url',
      'description', 'created_at', 'updated_at',
    ],
  },
  { table: 'operator_product_map', columns: ['transceiver_id', 'operator_transceiver_id', 'match_basis'] },
  {
    table: 'switches',
    key: 'id',
    columns: ['id', 'slug', 'vendor_id', 'model', 'series', 'role', 'asic', 'released_year', 'product_page_url', 'description'],
  },
  { table: 'switch_port_groups', columns: ['id', 'switch_id', 'port_count', 'form_factor', 'speeds_gbps', 'max_speed_gbps', 'role'] },
  {
    table: 'price_observations',
    timeColumns: ['observed_at'],
    columns: ['id', 'transceiver_id', 'vendor_id', 'price', 'currency', 'observed_at', 'in_stock', 'stock_qty', 'source', 'url'],
  },
  {
    table: 'price_changes',
    timeColumns: ['changed_at'],
    columns: ['id', 'transceiver_id', 'vendor_id', 'currency', 'old_price', 'new_price', 'change_pct', 'changed_at'],
  },
  {
    table: 'comparable_prices',
    timeColumns: ['observed_at'],
    columns: [
      'id', 'operator_transceiver_id', 'competitor_transceiver_id', 'comp_form_factor', 'comp_speed_gbps', 'comp_reach_meters',
      'comp_reach_label', 'comp_fiber_type', 'comp_wavelengths', 'price', 'currency', 'observed_at',
    ],
  },
  {
    table: 'competitor_alerts',
    timeColumns: ['created_at'],
    columns: ['id', 'kind', 'vendor_id', 'transceiver_id', 'severity', 'title', 'detail', 'created_at', 'acknowledged'],
  },
  {
    table: 'internal_demand',
    timeColumns: ['updated_at'],
    columns: [
      'sku', 'description', 'transceiver_id', 'form_factor', 'speed_gbps', 'velocity_class', 'has_demand_data', 'units_12m',
      'run_rate_30d', 'run_rate_90d', 'run_rate_365d', 'stock_de', 'is_internal', 'updated_at',
    ],
  },
  { table: 'cities', key: 'id', columns: ['id', 'name', 'country', 'lat', 'lon'] },
  { table: 'fiber_providers', key: 'id', columns: ['id', 'name', 'countries', 'network_type', 'website', 'is_demo'] },
  { table: 'fiber_routes', columns: ['id', 'city_a', 'city_b', 'provider_id', 'route_km', 'fiber_type'] },
];

export type SeedCell = string | number | null;

/** One data-set file: column names and rows of cells in that order (compact, and cheap to bulk-insert). */
export interface SeedTableFile {
  table: SeedTableName;
  columns: string[];
  rows: SeedCell[][];
}

export interface SeedManifest {
  dataset: 'catalogue';
  version: string;
  /** The fixed reference date the time columns are generated against (UTC day, YYYY-MM-DD). */
  as_of: string;
  generator: string;
  files: Record<SeedTableName, { file: string; rows: number; sha256: string }>;
  /** sha256 over the per-file hashes in table order: one value that names this exact data set. */
  hash: string;
}

export const SEED_MANIFEST_FILE = 'manifest.json';
export const SEED_OPERATOR_VENDOR_ID = 'operator';

/**
 * Velocity classes of internal_demand, by the 365-day run rate in units per month. Rows without demand data
 * are 'unknown'; rows with data but no sale in twelve months are 'non-moving'.
 */
export const VELOCITY_CLASSES = [
  { name: 'fast', minUnitsPerMonth: 50 },
  { name: 'medium', minUnitsPerMonth: 10 },
  { name: 'slow', minUnitsPerMonth: 0.01 },
  { name: 'non-moving', minUnitsPerMonth: 0 },
] as const;
export const VELOCITY_UNKNOWN = 'unknown';

export function velocityClassOf(runRate365d: number | null): string {
  if (runRate365d === null) return VELOCITY_UNKNOWN;
  for (const cls of VELOCITY_CLASSES) if (runRate365d >= cls.minUnitsPerMonth) return cls.name;
  return 'non-moving';
}
