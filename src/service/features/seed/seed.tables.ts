import {
  formFactorsTable,
  operatorProductMapTable,
  standardsTable,
  switchesTable,
  switchPortGroupsTable,
  transceiversTable,
  vendorsTable,
} from '../../db/tables/catalogue.tables.js';
import { demandTable } from '../../db/tables/demand.tables.js';
import { comparablePricesTable, competitorAlertsTable, priceChangesTable, priceObservationsTable } from '../../db/tables/prices.tables.js';
import { type TableDeclaration, writableColumns } from '../../db/tables/table-spec.js';
import { citiesTable, fiberProvidersTable, fiberRoutesTable } from '../../db/tables/transport.tables.js';

/**
 * The shape of the catalogue data set on disk (resources/seed/catalogue/<table>.json) and how each file is loaded.
 * The columns come from the table declarations (src/service/db/tables): the builder (scripts/seed-builder) writes its
 * files in exactly these column orders, and the loader builds its SQL only from these lists, so the file format, the
 * INSERT statements and the migrated tables cannot drift apart.
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
  /** A column the database numbers (INTEGER, defaulted) whose values the data set gives: later rows continue after them. */
  generatedId?: string;
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

type SeedOptions = Omit<SeedTableSpec, 'table' | 'columns' | 'generatedId'>;

/** A data-set file holds every column an insert may write, in the table declaration's (the migration's) order. */
function seedTable(declaration: TableDeclaration<SeedTableName>, options: SeedOptions = {}): SeedTableSpec {
  const id = declaration.columns.id;
  const generatedId = id?.sqlType === 'INTEGER' && id.write === 'defaulted' ? { generatedId: 'id' } : {};
  return { table: declaration.name, columns: writableColumns(declaration), ...generatedId, ...options };
}

/** In insertion order: parents before children, so every foreign key holds after each statement (removal runs in reverse). */
export const SEED_TABLES: readonly SeedTableSpec[] = [
  seedTable(vendorsTable, { key: 'id' }),
  seedTable(standardsTable, { key: 'name' }),
  seedTable(formFactorsTable, { key: 'name' }),
  seedTable(transceiversTable, { key: 'id', keepOnUpdate: ['created_at'], timeColumns: ['created_at', 'updated_at'] }),
  seedTable(operatorProductMapTable),
  seedTable(switchesTable, { key: 'id' }),
  seedTable(switchPortGroupsTable),
  seedTable(priceObservationsTable, { timeColumns: ['observed_at'] }),
  seedTable(priceChangesTable, { timeColumns: ['changed_at'] }),
  seedTable(comparablePricesTable, { timeColumns: ['observed_at'] }),
  seedTable(competitorAlertsTable, { timeColumns: ['created_at'] }),
  seedTable(demandTable, { timeColumns: ['updated_at'] }),
  seedTable(citiesTable, { key: 'id' }),
  seedTable(fiberProvidersTable, { key: 'id' }),
  seedTable(fiberRoutesTable),
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
