import type { PullProgress, SnapshotInfo, TakeAlongStatus } from '../../../shared/api/take-along.schemas.js';
import type { AppDatabase } from '../../db/database.js';
import { deletePages, deleteSetting, readSettingValue, storedPages } from './take-along.repository.js';
import { seedCatalogue } from '../seed/index.js';
import { livePullClaim } from './pull-claim.service.js';
import { ageSeconds } from './take-along.rules.js';

/** app_settings key of the snapshot the laptop shows (absent: its own data). */
export const SNAPSHOT_SETTING = 'take_along.snapshot';
/** app_settings key of a pull that has begun and not been applied (interrupted or failed). */
export const PENDING_SETTING = 'take_along.pending';

export type StoredSnapshot = Omit<SnapshotInfo, 'age_seconds'>;

export interface PendingPull {
  from: string;
  taken_at: string;
  internal_demand: boolean;
  demo: boolean;
  schema_version: number;
  total: number;
  error: string | null;
}

async function readJsonSetting<T>(db: AppDatabase, key: string): Promise<T | undefined> {
  const value = await readSettingValue(db, key);
  return value === undefined ? undefined : (JSON.parse(value) as T);
}

export const readPendingPull = (db: AppDatabase) => readJsonSetting<PendingPull>(db, PENDING_SETTING);

export async function readSnapshotInfo(db: AppDatabase, now: number): Promise<SnapshotInfo | null> {
  const stored = await readJsonSetting<StoredSnapshot>(db, SNAPSHOT_SETTING);
  return stored ? { ...stored, age_seconds: ageSeconds(stored.taken_at, now) } : null;
}

/**
 * Which data the laptop shows (its own, or a team snapshot and how old it is), and the pull under way or left
 * unfinished. `running` is the progress of a pull this process is running now.
 */
export async function readTakeAlongStatus(db: AppDatabase, now: number, running: PullProgress | null): Promise<TakeAlongStatus> {
  const snapshot = await readSnapshotInfo(db, now);
  let pull = running;
  if (pull === null) {
    const pending = await readPendingPull(db);
    // A pull another process runs (the CLI on the same data directory) holds the claim.
    const elsewhere = await livePullClaim(db, now);
    if (pending || elsewhere) {
      const pulled = (await storedPages(db)).reduce((sum, s) => sum + s.rows, 0);
      pull = {
        from: elsewhere?.from ?? pending?.from ?? '',
        state: elsewhere ? 'running' : pending?.error === null ? 'interrupted' : 'failed',
        pulled_rows: pulled,
        total_rows: Math.max(pending?.total ?? 0, pulled),
        error: elsewhere ? null : (pending?.error ?? null),
      };
    }
  }
  return { showing: snapshot ? 'team-snapshot' : 'own', snapshot, pull };
}

/**
 * Back to the laptop's own data: reloads the bundled catalogue data set (one transaction, as `npm run seed`), then
 * forgets the snapshot and any unfinished pull. News, forecasts and content stay as the snapshot left them.
 */
export async function leaveSnapshot(db: AppDatabase, options: { resourcesDir: string; operatorBrand: string; now: number }): Promise<void> {
  await seedCatalogue(db, options);
  await db.transaction(async (tx) => {
    await deleteSetting(tx, SNAPSHOT_SETTING);
    await deleteSetting(tx, PENDING_SETTING);
    await deletePages(tx);
  });
}
