import type { AppDatabase } from '../../db/database.js';
import { readCatalogueDataset } from './seed.files.js';
import { countTransceivers, readSetting, renameVendor, replaceCatalogueRows, writeSettings } from './seed.repository.js';
import { SEED_OPERATOR_VENDOR_ID, SEED_TABLES, type SeedTableFile } from './seed.tables.js';

const DAY_MS = 86_400_000;

/** app_settings keys written by a seed run. */
export const SEED_SETTINGS = {
  version: 'seed.catalogue.version',
  hash: 'seed.catalogue.hash',
  asOf: 'seed.catalogue.as_of',
  shiftDays: 'seed.catalogue.date_shift_days',
  seededAt: 'seed.catalogue.seeded_at',
  operatorBrand: 'operator.brand',
} as const;

export interface SeedOptions {
  /** config.resourcesDir; the data set is read from <resourcesDir>/seed/catalogue. */
  resourcesDir: string;
  /** config.operatorBrand: display name of vendor 'operator'. */
  operatorBrand: string;
  /** Milliseconds since the epoch (ctx.now()). */
  now: number;
  /**
   * Move every generated time by whole days so that the data set's as_of day becomes today's UTC day: the
   * 12-month price history then always ends "now". Default true; false keeps the files' dates verbatim.
   */
  shiftDates?: boolean;
}

export interface SeedReport {
  version: string;
  hash: string;
  asOf: string;
  shiftDays: number;
  counts: Record<string, number>;
}

function shiftIso(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

/** The latest time in the files' time columns, in milliseconds (undefined when there is none). */
function latestTime(files: SeedTableFile[]): number | undefined {
  let latest: number | undefined;
  for (const file of files) {
    const spec = SEED_TABLES.find((t) => t.table === file.table);
    for (const column of spec?.timeColumns ?? []) {
      const i = file.columns.indexOf(column);
      for (const row of file.rows) {
        const time = typeof row[i] === 'string' ? Date.parse(row[i] as string) : Number.NaN;
        if (!Number.isNaN(time) && (latest === undefined || time > latest)) latest = time;
      }
    }
  }
  return latest;
}

/**
 * Whole days that bring the data set's latest time as close to `now` as possible without passing it: the history
 * ends today (or yesterday, before the data set's last hour of day), and nothing seeded is dated in the future, so a
 * real price change recorded after the install is always the newest.
 */
function shiftDaysFor(files: SeedTableFile[], now: number): number {
  const latest = latestTime(files);
  return latest === undefined ? 0 : Math.floor((now - latest) / DAY_MS);
}

/** Copies of the files with the operator's brand applied and the time columns moved by shiftDays. */
function prepareFiles(files: SeedTableFile[], operatorBrand: string, shiftDays: number): SeedTableFile[] {
  return files.map((file) => {
    const spec = SEED_TABLES.find((t) => t.table === file.table)!;
    const timeIndexes = (spec.timeColumns ?? []).map((c) => file.columns.indexOf(c));
    const nameIndex = file.table === 'vendors' ? file.columns.indexOf('name') : -1;
    if (timeIndexes.length === 0 && nameIndex < 0) return file;
    const rows = file.rows.map((row) => {
      const copy = [...row];
      if (shiftDays !== 0) for (const i of timeIndexes) if (typeof copy[i] === 'string') copy[i] = shiftIso(copy[i] as string, shiftDays);
      if (nameIndex >= 0 && copy[0] === SEED_OPERATOR_VENDOR_ID) copy[nameIndex] = operatorBrand;
      return copy;
    });
    return { ...file, rows };
  });
}

/**
 * Loads the catalogue data set into the database: on first start into an empty database, and again on
 * `npm run seed` (a reseed replaces the catalogue rows, all in one transaction). Records the data set's
 * version and hash in app_settings.
 */
export async function seedCatalogue(db: AppDatabase, options: SeedOptions): Promise<SeedReport> {
  const dataset = readCatalogueDataset(options.resourcesDir);
  const { manifest } = dataset;
  const shiftDays = options.shiftDates === false ? 0 : shiftDaysFor(dataset.files, options.now);
  const files = prepareFiles(dataset.files, options.operatorBrand, shiftDays);
  const counts = await replaceCatalogueRows(db, files, {
    [SEED_SETTINGS.version]: manifest.version,
    [SEED_SETTINGS.hash]: manifest.hash,
    [SEED_SETTINGS.asOf]: manifest.as_of,
    [SEED_SETTINGS.shiftDays]: String(shiftDays),
    [SEED_SETTINGS.seededAt]: new Date(options.now).toISOString(),
    [SEED_SETTINGS.operatorBrand]: options.operatorBrand,
  });
  return { version: manifest.version, hash: manifest.hash, asOf: manifest.as_of, shiftDays, counts };
}

/**
 * True when the catalogue was seeded before, or holds transceivers from elsewhere (an import): either way the
 * first-start seeding must leave it alone.
 */
export async function isCatalogueSeeded(db: AppDatabase): Promise<boolean> {
  return (await readSetting(db, SEED_SETTINGS.version)) !== undefined || (await countTransceivers(db)) > 0;
}

/**
 * Renames vendor 'operator' to the configured brand (OPERATOR_BRAND may change between starts); the vendor row and
 * the recorded brand change together.
 */
export async function applyOperatorBrand(db: AppDatabase, operatorBrand: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const renamed = await renameVendor(tx, SEED_OPERATOR_VENDOR_ID, operatorBrand);
    if (renamed) await writeSettings(tx, { [SEED_SETTINGS.operatorBrand]: operatorBrand });
    return renamed;
  });
}

/** For start-up: seed an empty catalogue, otherwise only bring the operator's name in line with the config. */
export async function ensureCatalogueSeeded(db: AppDatabase, options: SeedOptions): Promise<{ seeded: boolean; report?: SeedReport }> {
  if (await isCatalogueSeeded(db)) {
    await applyOperatorBrand(db, options.operatorBrand);
    return { seeded: false };
  }
  return { seeded: true, report: await seedCatalogue(db, options) };
}
