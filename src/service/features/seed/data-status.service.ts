import type { AppDatabase } from '../../db/database.js';
import type { DataStatus } from '../../../shared/api/data-status.schemas.js';
import { readSetting } from './seed.repository.js';
import { SEED_SETTINGS } from './seed.service.js';

/** app_settings key of the last committed import that changed rows: real data is in the catalogue from then on. */
export const LAST_IMPORT_SETTING = 'catalogue.last_import_at';

/**
 * Whether what the screens show is the generated seed data set: seeded, and no import committed since the seed
 * was loaded. Demo rows stay labelled one by one (transceivers' origin, price observations' source) after an import.
 */
export async function readDataStatus(db: AppDatabase, operatorBrand: string): Promise<DataStatus> {
  const version = await readSetting(db, SEED_SETTINGS.version);
  const seededAt = (await readSetting(db, SEED_SETTINGS.seededAt)) ?? null;
  const lastImport = (await readSetting(db, LAST_IMPORT_SETTING)) ?? null;
  const asOf = (await readSetting(db, SEED_SETTINGS.asOf)) ?? '';
  const shiftDays = Number((await readSetting(db, SEED_SETTINGS.shiftDays)) ?? 0);
  const demo = version !== undefined && (lastImport === null || (seededAt !== null && lastImport < seededAt));
  const seed =
    version === undefined
      ? null
      : {
          version,
          generator: `scripts/seed-builder (catalogue data set ${version})`,
          as_of: asOf,
          seeded_at: seededAt,
          date_shift_days: shiftDays,
        };
  const brand = (await readSetting(db, SEED_SETTINGS.operatorBrand)) ?? operatorBrand;
  const shifted = seed !== null && seed.date_shift_days !== 0 ? `, their dates moved by ${seed.date_shift_days} days to end today` : '';
  return {
    demo,
    seed,
    last_import_at: lastImport,
    // The brand the seed applied to the operator's generated rows (the configured one when never seeded).
    operator_brand: brand,
    notice: demo
      ? `Demo data: the catalogue is the generated seed data set ${version}; products, prices and stock (including ${brand}'s) are demo values${shifted}, not real offers.`
      : null,
  };
}

/** Cheap form for the health answer and the desktop About. */
export async function isDemoData(db: AppDatabase): Promise<boolean> {
  const version = await readSetting(db, SEED_SETTINGS.version);
  if (version === undefined) return false;
  const lastImport = await readSetting(db, LAST_IMPORT_SETTING);
  const seededAt = await readSetting(db, SEED_SETTINGS.seededAt);
  return lastImport === undefined || (seededAt !== undefined && lastImport < seededAt);
}
