import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { COLLECTIONS } from '../../../shared/vocabulary/search.vocabulary.js';
import type { AppDatabase } from '../../db/database.js';
import { announceSourceChanges } from '../search/index.js';
import { LAST_IMPORT_SETTING } from '../seed/index.js';
import { SNAPSHOT_TABLES, snapshotColumns } from './snapshot.tables.js';
import { deferForeignKeys, deletePages, deleteSetting, emptyTable, fillTableFromPages, writeSettingValue } from './take-along.repository.js';
import { PENDING_SETTING, type PendingPull, SNAPSHOT_SETTING, type StoredSnapshot } from './take-along-state.service.js';

/**
 * Replaces the snapshot's tables with the kept pages in ONE transaction (emptied children first, filled parents
 * first, foreign keys checked at commit): the dashboard sees the old data until the commit and the whole snapshot
 * after it, never a half-written table. The pages go in the same transaction, and every vector collection's change
 * sequence is bumped in it, so each process sharing the file (the service, when the CLI pulled) syncs its collections.
 */
export async function applyPages(db: AppDatabase, pending: PendingPull, now: number): Promise<StoredSnapshot> {
  return db.transaction(async (tx) => {
    await deferForeignKeys(tx);
    for (const table of [...SNAPSHOT_TABLES].reverse()) await emptyTable(tx, table);
    let rows = 0;
    for (const table of SNAPSHOT_TABLES) rows += await fillTableFromPages(tx, table, snapshotColumns(table), () => yieldToEventLoop());
    const snapshot: StoredSnapshot = {
      from: pending.from,
      taken_at: pending.taken_at,
      applied_at: new Date(now).toISOString(),
      internal_demand: pending.internal_demand,
      demo: pending.demo,
      rows,
    };
    await writeSettingValue(tx, SNAPSHOT_SETTING, JSON.stringify(snapshot));
    // The team's real data counts as imported here, so the dashboard's demo marker goes (it stays for a demo team).
    if (!pending.demo) await writeSettingValue(tx, LAST_IMPORT_SETTING, snapshot.applied_at);
    await deletePages(tx);
    await deleteSetting(tx, PENDING_SETTING);
    await announceSourceChanges(tx, COLLECTIONS);
    return snapshot;
  });
}
