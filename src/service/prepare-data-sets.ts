import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { AppDatabase } from './db/database.js';
import { seedForecastData } from './features/forecast/index.js';
import { seedSearchContent } from './features/search/index.js';
import { ensureCatalogueSeeded } from './features/seed/index.js';

export interface DataSetsReport {
  catalogueSeeded: boolean;
  technologiesLoaded: boolean;
}

/**
 * Brings the database's data sets up to date at start.
 * - The technology data set is the forecasting models' input and ships with the app: it is loaded on every start
 *   when its files' hash differs from the loaded one (cheap otherwise), whatever SEED_ON_START says.
 * - The catalogue demo data fills an empty database only (SEED_ON_START), so a new laptop demos offline at once;
 *   it never overwrites a catalogue that exists, but renames the operator to OPERATOR_BRAND on every start.
 * - The search content (FAQ, troubleshooting guides, datasheet chunks, news summaries) is added where missing, also
 *   under SEED_ON_START; the vector collections embed it in the background once the service starts.
 * All of it holds the database's migration lock: replicas starting together on one database check and fill it one
 * after the other, so the second finds the first one's data and leaves it alone.
 */
export async function prepareDataSets(db: AppDatabase, config: Config, logger: Logger, now: () => number): Promise<DataSetsReport> {
  return db.exclusive((tx) => prepareLocked(tx, config, logger, now));
}

async function prepareLocked(db: AppDatabase, config: Config, logger: Logger, now: () => number): Promise<DataSetsReport> {
  const technologies = await seedForecastData(db, config.resourcesDir, now);
  if (technologies.loaded) logger.info({ technologies: technologies.technologies, shipments: technologies.shipments }, 'technology data set loaded');
  let catalogueSeeded = false;
  if (config.seedOnStart) {
    const catalogue = await ensureCatalogueSeeded(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: now() });
    catalogueSeeded = catalogue.seeded;
    if (catalogue.seeded) logger.info({ counts: catalogue.report?.counts, version: catalogue.report?.version }, 'catalogue seeded from the data set');
    const content = await seedSearchContent(db, config.resourcesDir);
    logger.debug({ content }, 'search content seed checked');
  }
  return { catalogueSeeded, technologiesLoaded: technologies.loaded };
}
