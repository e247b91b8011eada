import type { Config } from '../../config.js';
import { openMigratedDatabase } from '../../index.js';
import { SeedDataError } from './seed.files.js';
import { isCatalogueSeeded, seedCatalogue } from './seed.service.js';

export const SEED_USAGE = 'seed [--if-empty] [--keep-dates]';

/**
 * `npm run seed`: (re)loads the catalogue data set into DATA_DIR's database in one transaction.
 * --if-empty: only when the catalogue was never seeded and holds no transceivers.
 * --keep-dates: keep the files' dates instead of moving the as-of day to today.
 */
export async function runSeedCommand(config: Config, args: string[], now = Date.now()): Promise<number> {
  const unknown = args.filter((a) => a !== '--if-empty' && a !== '--keep-dates');
  if (unknown.length > 0) {
    console.error(`Unknown option(s) ${unknown.join(', ')}. Usage: npm run cli -- ${SEED_USAGE}`);
    return 2;
  }
  const { db } = openMigratedDatabase(config);
  try {
    if (args.includes('--if-empty') && isCatalogueSeeded(db)) {
      console.log(`Catalogue already present in ${config.dataDir}; nothing to do (--if-empty).`);
      return 0;
    }
    const report = seedCatalogue(db, {
      resourcesDir: config.resourcesDir,
      operatorBrand: config.operatorBrand,
      now,
      shiftDates: !args.includes('--keep-dates'),
    });
    const lines = Object.entries(report.counts).map(([table, n]) => `  ${table.padEnd(22)} ${n}`);
    console.log(
      `Seeded catalogue data set ${report.version} (as of ${report.asOf}, dates shifted by ${report.shiftDays} days) into ${config.dataDir}:\n` +
        `${lines.join('\n')}\n  hash ${report.hash}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedDataError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}
