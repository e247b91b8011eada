import type { AppDatabase } from '../../../db/database.js';
import { cachedStatement } from '../../../db/statement-cache.js';
import { derivedIndexBuildsTable, transceiverTextIndexTable } from '../../../db/tables/catalogue-text.tables.js';

const BUILDS = derivedIndexBuildsTable.name;
const INDEX = transceiverTextIndexTable.name;
const NAME = 'transceiver_text_index';
// The largest rowid: "every row is covered". Kept in SQL, since a JavaScript number cannot hold it exactly.
const EVERY_ROWID = '9223372036854775807';

/** Where the background build of the catalogue's text index stands. */
export interface TextIndexBuildState {
  complete: boolean;
  /** Rows the build has added (a database whose index a migration filled at once reports 0). */
  done: number;
  /** Catalogue rows above indexed_through, which the build has yet to add (0 once complete). */
  remaining: number;
  completedAt: string | null;
}

/**
 * Whether `q` may read the text index: complete, or no ledger row (then nothing defers it and the triggers keep it
 * whole). One row lookup, made inside the list's read transaction so the answer and the rows come from one snapshot.
 */
export function textIndexComplete(db: AppDatabase): boolean {
  const complete = cachedStatement(db, `SELECT indexed_through = ${EVERY_ROWID} FROM ${BUILDS} WHERE name = ?`, 'pluck').get(NAME);
  return complete === undefined || complete === 1;
}

export function readTextIndexBuild(db: AppDatabase): TextIndexBuildState {
  return db.sqlite.transaction(() => {
    const row = cachedStatement(
      db,
      `SELECT indexed_through = ${EVERY_ROWID} AS complete, indexed_through, done, completed_at FROM ${BUILDS} WHERE name = ?`,
    ).get(NAME) as { complete: number; indexed_through: number; done: number; completed_at: string | null } | undefined;
    if (row === undefined) return { complete: true, done: 0, remaining: 0, completedAt: null };
    if (row.complete === 1) return { complete: true, done: row.done, remaining: 0, completedAt: row.completed_at };
    const remaining = Number(cachedStatement(db, 'SELECT count(*) FROM transceivers WHERE rowid > ?', 'pluck').get(row.indexed_through));
    return { complete: false, done: row.done, remaining, completedAt: null };
  })();
}

/**
 * Adds the next `rows` catalogue rows above indexed_through to the index and moves indexed_through past them, in one
 * IMMEDIATE transaction (so two processes building at once never add a row twice, and a writer's triggers see either
 * the old or the new boundary, never half of it). When no row is left it marks the index complete.
 */
export function buildTextIndexChunk(db: AppDatabase, rows: number, nowIso: string): { added: number; complete: boolean } {
  return db.sqlite
    .transaction(() => {
      const through = cachedStatement(
        db,
        `SELECT CASE WHEN indexed_through = ${EVERY_ROWID} THEN NULL ELSE indexed_through END FROM ${BUILDS} WHERE name = ?`,
        'raw',
      ).get(NAME) as [number | null] | undefined;
      if (through === undefined || through[0] === null) return { added: 0, complete: true };
      const from = through[0];
      const last = cachedStatement(db, 'SELECT max(rowid) FROM (SELECT rowid FROM transceivers WHERE rowid > ? ORDER BY rowid LIMIT ?)', 'pluck').get(
        from,
        rows,
      ) as number | null;
      if (last === null) {
        markTextIndexComplete(db, nowIso);
        return { added: 0, complete: true };
      }
      const { changes } = cachedStatement(
        db,
        `INSERT INTO ${INDEX} (rowid, part_number, name, form_factor, standard)
         SELECT rowid, lower(part_number), lower(name), lower(form_factor), lower(standard) FROM transceivers WHERE rowid > ? AND rowid <= ?`,
      ).run(from, last);
      cachedStatement(db, `UPDATE ${BUILDS} SET indexed_through = ?, done = done + ? WHERE name = ?`).run(last, changes, NAME);
      return { added: changes, complete: false };
    })
    .immediate();
}

/** After a refill of the whole index (rebuildTransceiverTextIndex): nothing is left for a background build. */
export function markTextIndexComplete(db: AppDatabase, nowIso: string): void {
  cachedStatement(db, `UPDATE ${BUILDS} SET indexed_through = ${EVERY_ROWID}, completed_at = coalesce(completed_at, ?) WHERE name = ?`).run(nowIso, NAME);
}
