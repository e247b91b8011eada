import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import type { AppDatabase } from '../../db/database.js';
import { SeedDataError } from './seed.files.js';
import { isCatalogueSeeded, seedCatalogue } from './seed.service.js';

export const SEED_USAGE = 'seed [--if-empty] [--keep-dates]';

export interface SeedCommandDeps {
  streams: CliStreams;
  /** The migrated database of DATA_DIR; the caller closes it afterwards. */
  withDatabase: Lend<AppDatabase>;
  /** Named in the messages, so the user sees which database was seeded. */
  dataDir: string;
  resourcesDir: string;
  operatorBrand: string;
  now: number;
}

/**
 * `npm run seed`: (re)loads the catalogue data set into DATA_DIR's database in one transaction.
 * --if-empty: only when the catalogue was never seeded and holds no transceivers.
 * --keep-dates: keep the files' dates instead of moving the as-of day to today.
 */
export async function runSeedCommand(args: string[], deps: SeedCommandDeps): Promise<ExitCode> {
  const { stdout, stderr } = deps.streams;
  const unknown = args.filter((a) => a !== '--if-empty' && a !== '--keep-dates');
  if (unknown.length > 0) {
    stderr.write(`Unknown option(s) ${unknown.join(', ')}. Usage: npm run cli -- ${SEED_USAGE}\n`);
    return 2;
  }
  return deps.withDatabase(async (db) => {
    if (args.includes('--if-empty') && (await isCatalogueSeeded(db))) {
      stdout.write(`Catalogue already present in ${deps.dataDir}; nothing to do (--if-empty).\n`);
      return 0;
    }
    try {
      const report = await seedCatalogue(db, {
        resourcesDir: deps.resourcesDir,
        operatorBrand: deps.operatorBrand,
        now: deps.now,
        shiftDates: !args.includes('--keep-dates'),
      });
      const lines = Object.entries(report.counts).map(([table, n]) => `  ${table.padEnd(22)} ${n}`);
      stdout.write(
        `Seeded catalogue data set ${report.version} (as of ${report.asOf}, dates shifted by ${report.shiftDays} days) into ${deps.dataDir}:\n` +
          `${lines.join('\n')}\n  hash ${report.hash}\n`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof SeedDataError)) throw error;
      stderr.write(`${error.message}\n`);
      return 1;
    }
  });
}
