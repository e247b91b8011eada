import { CATALOGUE_TABLES } from '../../db/tables/catalogue.tables.js';
import { DATASHEET_TABLES } from '../../db/tables/datasheets.tables.js';
import { demandTable } from '../../db/tables/demand.tables.js';
import { FORECAST_TABLES } from '../../db/tables/forecast.tables.js';
import { NEWS_TABLES } from '../../db/tables/news.tables.js';
import { embeddingChangesTable, SEARCH_TABLES, storedEmbeddingsTable, vectorCollectionsTable } from '../../db/tables/search.tables.js';
import { type TableDeclaration, writableColumns } from '../../db/tables/table-spec.js';

/**
 * One table of a team snapshot: its declaration, the primary key its pages are ordered and continued by, and
 * whether its rows are row-level secured (internal demand: only a viewer signed in with the team password gets
 * the rows with is_internal = 1).
 */
export interface SnapshotTable {
  declaration: TableDeclaration;
  key: readonly string[];
  secured?: true;
}

/** The primary keys of the migrations (both engines) that are not the column id. */
const KEYS: Record<string, readonly string[]> = {
  standards: ['name'],
  form_factors: ['name'],
  operator_product_map: ['transceiver_id', 'operator_transceiver_id'],
  currency_rates: ['currency', 'as_of'],
  internal_demand: ['sku'],
  technologies: ['name'],
  technology_shipments: ['technology', 'year'],
  technology_generations: ['predecessor', 'successor', 'lineage'],
  technology_regions: ['region'],
  technology_models: ['technology'],
  generated_datasheets: ['kind', 'product_id'],
};

/**
 * What a laptop takes along: the catalogue (products, prices, internal demand, transport), the forecasts, news and
 * the search content, in the migrations' order, which puts parents before the tables that reference them (removal
 * runs in reverse). The vectors are derived: the collections, the stored embeddings and their change counters are
 * the laptop's own, rebuilt from the snapshot's texts; so are its settings, jobs, uploaded documents and blog drafts.
 */
const DERIVED: readonly TableDeclaration[] = [vectorCollectionsTable, storedEmbeddingsTable, embeddingChangesTable];

export const SNAPSHOT_TABLES: readonly SnapshotTable[] = [...CATALOGUE_TABLES, ...FORECAST_TABLES, ...NEWS_TABLES, ...SEARCH_TABLES, ...DATASHEET_TABLES]
  .filter((declaration: TableDeclaration) => declaration.kind === 'table' && !DERIVED.includes(declaration))
  .map((declaration) => ({ declaration, key: KEYS[declaration.name] ?? ['id'], ...(declaration === demandTable ? { secured: true as const } : {}) }));

export const SNAPSHOT_TABLE_NAMES = SNAPSHOT_TABLES.map((t) => t.declaration.name);

export function snapshotTableNamed(name: string): SnapshotTable | undefined {
  return SNAPSHOT_TABLES.find((t) => t.declaration.name === name);
}

/** The columns a snapshot carries: the ones an insert writes (computed and trigger-kept columns are the engine's). */
export function snapshotColumns(table: SnapshotTable): string[] {
  return writableColumns(table.declaration);
}
