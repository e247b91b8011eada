import type { ActionRefusal } from '../../../shared/api/api-routes.js';
import type { ImportKind, ImportReport } from '../../../shared/api/catalogue/import.schemas.js';
import { type ApiClient, ApiError } from '../api/api-client.js';

export type ImportFormat = 'csv' | 'json';

/** What an import attempt came to: done (written, or checked in a dry run) or refused for its bad rows (422). */
export type ImportOutcome = { refused: boolean; report: ImportReport };

/** A .json file is read as JSON; anything else as CSV (the export and most spreadsheets write .csv). */
export function importFormatOf(fileName: string): ImportFormat {
  return fileName.toLowerCase().endsWith('.json') ? 'json' : 'csv';
}

/**
 * POST /api/import/:kind. A 422 is an answer the user must see, not a failure: its details are the same row-level
 * report (ActionRefusal of the route), so it comes back as a refused outcome. Other errors are thrown.
 */
export async function runImport(
  client: ApiClient,
  kind: ImportKind,
  file: { text: string; format: ImportFormat },
  options: { dryRun: boolean; skipBadRows: boolean },
): Promise<ImportOutcome> {
  try {
    const report = await client.act(
      '/api/import/:kind',
      { kind },
      { format: file.format, data: file.text, dry_run: options.dryRun, skip_bad_rows: options.skipBadRows },
    );
    return { refused: false, report };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && isReport(error.details)) return { refused: true, report: error.details };
    throw error;
  }
}

/** The service documents the 422's details as the report; a check keeps a differently shaped 422 an error. */
function isReport(details: unknown): details is ActionRefusal<'/api/import/:kind'> {
  return typeof details === 'object' && details !== null && Array.isArray((details as { errors?: unknown }).errors);
}
