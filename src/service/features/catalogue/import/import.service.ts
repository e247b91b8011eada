import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { AppDatabase } from '../../../db/database.js';
import { ConflictError, InvalidError, UnprocessableError } from '../../../errors.js';
import { demandImport } from './import.demand.js';
import type { ImportContext, KindHandler } from './import.kinds.js';
import { type ImportFormat, parseRecords } from './import.parse.js';
import { priceImport } from './import.prices.js';
import { applyImport, loadImportLookups, type PlannedWrite } from './import.repository.js';
import type { AlertRules } from '../prices/market-intake.rules.js';
import { DEFAULT_PRICE_ALERT_THRESHOLD_PCT } from '../catalogue.config.js';
import {
  IMPORT_MAX_REPORTED_ERRORS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportProblem,
  type ImportReport,
} from '../../../../shared/api/catalogue/import.schemas.js';
import { switchImport } from './import.switches.js';
import { transceiverImport } from './import.transceivers.js';
import { RowReader } from './import.values.js';

const HANDLERS: Record<ImportKind, KindHandler> = { transceivers: transceiverImport, switches: switchImport, prices: priceImport, demand: demandImport };

export interface ImportRequest {
  kind: ImportKind;
  format: ImportFormat;
  text: string;
  skipBadRows?: boolean;
  dryRun?: boolean;
  now: () => number;
  onProgress?: (phase: 'validate' | 'write', done: number, total: number) => void;
  /**
   * Called once after a committed import changed the products (the transceivers kind), so a running service brings
   * the product vector collection up to date in the background. The CLI runs without the service: its next start
   * finds the collection stale and rebuilds it.
   */
  onProductsChanged?: () => void;
  /** Competitor alert rules (the service's PRICE_ALERT_THRESHOLD_PCT); the default threshold when left out. */
  alertRules?: AlertRules;
  /** Aborts when the caller is gone: validation stops, and a write under way rolls back (nothing is written). */
  signal?: AbortSignal;
}

/** Rows validated between two yields to the event loop, so a large import does not stall other requests. */
const VALIDATION_CHUNK = 2000;

/**
 * The import rule: a bad row refuses the whole import (nothing is written) unless the caller asked to skip bad
 * rows; a dry run is never refused, its report is the answer. The route answers 422 with the report in details;
 * the CLI lists the problems and exits 1.
 */
export class ImportRefusedError extends UnprocessableError {
  constructor(readonly report: ImportReport) {
    super(`${describeReport(report)}: fix the bad rows or skip them (skip_bad_rows)`, report);
  }
}

/**
 * Validates every row, then writes all good rows in one transaction, or throws ImportRefusedError when any row is
 * bad and the caller did not ask to skip bad rows. Each problem names the row, its line and the field.
 */
export async function runImport(db: AppDatabase, req: ImportRequest): Promise<ImportReport> {
  const records = parseRecords(req.format, req.text);
  if (records.length > IMPORT_MAX_ROWS)
    throw new InvalidError(`data has ${records.length} rows; one import takes at most ${IMPORT_MAX_ROWS}`, { field: 'data' });
  req.signal?.throwIfAborted();
  const handler = HANDLERS[req.kind];
  const ctx: ImportContext = { lookups: await loadImportLookups(db, req.kind), seen: new Map(), nowIso: new Date(req.now()).toISOString() };
  const writes: PlannedWrite[] = [];
  const problems: ImportProblem[] = [];
  let badRows = 0;
  for (const [index, record] of records.entries()) {
    const reader = new RowReader(record.values);
    const planned = record.problem ? reader.fail('', record.problem) : handler.validate(reader, ctx, record.row);
    if (planned && reader.problems.length === 0) writes.push(planned);
    else {
      badRows += 1;
      for (const p of reader.problems) problems.push({ row: record.row, line: record.line, field: p.field === '' ? null : p.field, reason: p.reason });
    }
    if ((index + 1) % VALIDATION_CHUNK === 0) {
      req.onProgress?.('validate', index + 1, records.length);
      await yieldToEventLoop();
      req.signal?.throwIfAborted();
    }
  }
  req.onProgress?.('validate', records.length, records.length);

  const report: ImportReport = {
    kind: req.kind,
    format: req.format,
    dry_run: req.dryRun ?? false,
    skip_bad_rows: req.skipBadRows ?? false,
    committed: false,
    rows: records.length,
    valid_rows: writes.length,
    bad_rows: badRows,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    errors: problems.slice(0, IMPORT_MAX_REPORTED_ERRORS),
    errors_truncated: problems.length > IMPORT_MAX_REPORTED_ERRORS,
  };
  if (report.dry_run) return report;
  if (badRows > 0 && !report.skip_bad_rows) throw new ImportRefusedError(report);
  if (writes.length === 0) return report;

  // Older prices first, so each observation is compared with the one before it when price changes are recorded.
  if (req.kind === 'prices')
    writes.sort((a, b) => (a.op === 'price' && b.op === 'price' ? a.observation.observed_at.localeCompare(b.observation.observed_at) : 0));
  const rules = req.alertRules ?? { priceAlertThresholdPct: DEFAULT_PRICE_ALERT_THRESHOLD_PCT };
  let counts: Awaited<ReturnType<typeof applyImport>>;
  try {
    counts = await applyImport(db, writes, rules, (done) => req.onProgress?.('write', done, writes.length), req.now(), req.signal);
  } catch (error) {
    // Validation ran against a snapshot; a concurrent writer may have taken a slug or part number since.
    if (db.dialect.constraintViolation(error) !== undefined) {
      throw new ConflictError(`the catalogue changed while the import was validated (${(error as Error).message}); nothing was written, retry`);
    }
    throw error;
  }
  await db.refreshPlannerStatistics();
  if (req.kind === 'transceivers' && counts.inserted + counts.updated > 0) req.onProductsChanged?.();
  return { ...report, ...counts, committed: true };
}

/** One line per problem, as the CLI prints them (the API returns the same problems as JSON). */
export function describeProblems(report: ImportReport): string[] {
  const lines = report.errors.map((e) => `line ${e.line} (row ${e.row})${e.field ? ` ${e.field}` : ''}: ${e.reason}`);
  if (report.errors_truncated) lines.push(`... more problems not listed (${report.bad_rows} bad rows in all)`);
  return lines;
}

/** A one-line summary for the CLI and for the 422 message. */
export function describeReport(report: ImportReport): string {
  const action = report.committed ? `wrote ${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged` : 'wrote nothing';
  return `${report.kind}: ${report.rows} rows, ${report.bad_rows} bad; ${action}${report.dry_run ? ' (dry run)' : ''}`;
}
