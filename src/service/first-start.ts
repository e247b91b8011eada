import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { AppDatabase } from './db/database.js';
import { ensureCatalogueSeeded } from './features/seed/seed.service.js';

export interface FirstStartReport {
  catalogueSeeded: boolean;
}

/**
 * Fills an empty database from the seed data set, so a new laptop demos offline at once. Each step leaves data
 * that is already there alone; the catalogue step also renames the operator to OPERATOR_BRAND on every start.
 */
export async function seedOnFirstStart(db: AppDatabase, config: Config, logger: Logger, now: number): Promise<FirstStartReport> {
  const catalogue = ensureCatalogueSeeded(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now });
  if (catalogue.seeded) logger.info({ counts: catalogue.report?.counts, version: catalogue.report?.version }, 'catalogue seeded from the data set');
  return { catalogueSeeded: catalogue.seeded };
}
