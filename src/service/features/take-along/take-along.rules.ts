import { teamOrigin } from '../../../shared/team-origin.js';
import type { Cell } from './take-along.repository.js';

/**
 * A page cursor is the key of the page's last row, as JSON in base64url: opaque to the client, and checked on the
 * way back in, so a cursor that was altered is a 400 instead of a query.
 */
export function encodeCursor(key: readonly Cell[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key a cursor holds, or undefined when it is not a cursor of a table with `keyLength` key columns. */
export function decodeCursor(cursor: string, keyLength: number): Cell[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== keyLength) return undefined;
  const cells = value as unknown[];
  return cells.every((cell) => typeof cell === 'string' || (typeof cell === 'number' && Number.isFinite(cell))) ? (cells as Cell[]) : undefined;
}

/** Whole seconds from `takenAt` (ISO-8601) to `now`, never negative (a team clock ahead of the laptop's). */
export function ageSeconds(takenAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(takenAt)) / 1000));
}

/**
 * Where a pull may read from: an http(s) address without a user name or password in it, and, when this laptop has
 * its team server configured (TAKE_ALONG_TEAM_URL), that server only. Returns the origin to pull from, or the problem.
 */
export function pullSource(from: string, configured: string | undefined): { origin: string } | { problem: string } {
  const origin = teamOrigin(from);
  if (origin === undefined) return { problem: `"${from}" is not a team server address (http:// or https://, without a user name or password in it)` };
  if (configured !== undefined && origin !== teamOrigin(configured)) {
    return { problem: `"${from}" is not this laptop's team server: it pulls only from ${configured} (TAKE_ALONG_TEAM_URL)` };
  }
  return { origin };
}
