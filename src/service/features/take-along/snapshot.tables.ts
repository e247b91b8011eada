import { formFactorsTable, operatorProductMapTable, standardsTable, switchesTable, switchPortGroupsTable, transceiversTable, vendorsTable } from '../../db/tables/catalogue.tables.js';
import { generatedDatasheetsTable } from '../../db/tables/datasheets.tables.js';
import { demandTable } from '../../db/tables/demand.tables.js';
import {
  technologiesTable,
  technologyDatasetTable,
  technologyGenerationsTable,
  technologyModelsTable,
  technologyRegionsTable,
  technologyShipmentsTable,
} from '../../db/tables/forecast.tables.js';
import { newsArticlesTable } from '../../db/tables/news.tables.js';
import { comparablePricesTable, competitorAlertsTable, currencyRatesTable, priceChangesTable, priceObservationsTable } from '../../db/tables/prices.tables.js';
import { datasheetChunksTable, faqEntriesTable, troubleshootingGuidesTable } from '../../db/tables/search.tables.js';
import { type TableDeclaration, writableColumns } from '../../db/tables/table-spec.js';
import { citiesTable, fiberProvidersTable, fiberRoutesTable } from '../../db/tables/transport.tables.js';

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

const snapshotTable = (declaration: TableDeclaration, key: readonly string[], secured?: true): SnapshotTable => ({
  declaration,
  key,
  ...(secured ? { secured } : {}),
});

/**
 * What a laptop takes along: the catalogue, prices, internal demand, transport, forecasts, news and the search
 * content, in writing order (parents before the tables that reference them; removal runs in reverse). The
 * service's own bookkeeping (settings, jobs, runs, vector collections), uploaded documents and blog drafts stay
 * the laptop's own.
 */
export const SNAPSHOT_TABLES: readonly SnapshotTable[] = [
  snapshotTable(vendorsTable, ['id']),
  snapshotTable(standardsTable, ['name']),
  snapshotTable(formFactorsTable, ['name']),
  snapshotTable(transceiversTable, ['id']),
  snapshotTable(operatorProductMapTable, ['transceiver_id', 'operator_transceiver_id']),
  snapshotTable(switchesTable, ['id']),
  snapshotTable(switchPortGroupsTable, ['id']),
  snapshotTable(priceObservationsTable, ['id']),
  snapshotTable(priceChangesTable, ['id']),
  snapshotTable(comparablePricesTable, ['id']),
  snapshotTable(competitorAlertsTable, ['id']),
  snapshotTable(currencyRatesTable, ['currency', 'as_of']),
  snapshotTable(demandTable, ['sku'], true),
  snapshotTable(citiesTable, ['id']),
  snapshotTable(fiberProvidersTable, ['id']),
  snapshotTable(fiberRoutesTable, ['id']),
  snapshotTable(technologiesTable, ['name']),
  snapshotTable(technologyShipmentsTable, ['technology', 'year']),
  snapshotTable(technologyGenerationsTable, ['predecessor', 'successor', 'lineage']),
  snapshotTable(technologyRegionsTable, ['region']),
  snapshotTable(technologyModelsTable, ['technology']),
  snapshotTable(technologyDatasetTable, ['id']),
  snapshotTable(newsArticlesTable, ['id']),
  snapshotTable(faqEntriesTable, ['id']),
  snapshotTable(troubleshootingGuidesTable, ['id']),
  snapshotTable(datasheetChunksTable, ['id']),
  snapshotTable(generatedDatasheetsTable, ['kind', 'product_id']),
];

export const SNAPSHOT_TABLE_NAMES = SNAPSHOT_TABLES.map((t) => t.declaration.name);

export function snapshotTableNamed(name: string): SnapshotTable | undefined {
  return SNAPSHOT_TABLES.find((t) => t.declaration.name === name);
}

/** The columns a snapshot carries: the ones an insert writes (computed and trigger-kept columns are the engine's). */
export function snapshotColumns(table: SnapshotTable): string[] {
  return writableColumns(table.declaration);
}
