import { SLUG_MAX_LENGTH } from '../../../../shared/api/common.schemas.js';
import type { ImportLookups, PlannedWrite } from './import.repository.js';
import type { RowReader } from './import.values.js';

/**
 * What each import kind provides: the fields it knows, and a validator that turns one record into a planned
 * write (or leaves its problems on the reader). Validators register accepted rows in `lookups` and `seen`, so a
 * later row of the same file sees them (duplicates within a file are reported, new slugs stay unique).
 */
export interface ImportContext {
  lookups: ImportLookups;
  /** Natural keys already used by an accepted row of this file, to the row number that used them. */
  seen: Map<string, number>;
  nowIso: string;
}

export interface KindHandler {
  fields: readonly string[];
  validate(reader: RowReader, ctx: ImportContext, row: number): PlannedWrite | undefined;
}

/** Reports a second row for the same record; returns true when the key is new. */
export function claimKey(reader: RowReader, ctx: ImportContext, key: string, field: string, row: number): boolean {
  const first = ctx.seen.get(key);
  if (first !== undefined) {
    reader.fail(field, `describes the same record as row ${first} of this import`);
    return false;
  }
  ctx.seen.set(key, row);
  return true;
}

export const SLUG_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${SLUG_MAX_LENGTH - 1}}$`);
