/**
 * Rows per multi-row INSERT: 500 rows of the widest table stay far below either engine's limit on bound parameters
 * (32,766 on SQLite, 65,535 on PostgreSQL), and every statement is awaited, so a long write lets requests through.
 */
export const ROWS_PER_INSERT = 500;

/** Values per `IN (...)` list, within the same limits. */
export const IDS_PER_STATEMENT = 5_000;

/** `items` in consecutive slices of at most `size`, one statement each. */
export function inSlices<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let at = 0; at < items.length; at += size) slices.push(items.slice(at, at + size));
  return slices;
}
