import { SingleBar } from 'cli-progress';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { runUnderProgressBar } from '../../../cli-progress-run.js';
import type { CliStreams, ExitCode, Lend } from '../../../cli-verb.types.js';
import type { AppDatabase } from '../../../db/database.js';
import type { ImportFormat } from './import.parse.js';
import type { AlertRules } from '../prices/market-intake.rules.js';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, type ImportKind, type ImportReport } from '../../../../shared/api/catalogue/import.schemas.js';
import { describeProblems, describeReport, ImportRefusedError, type ImportRequest, runImport } from './import.service.js';

export const IMPORT_USAGE = `import <${IMPORT_KINDS.join('|')}> <file.csv|file.json> [--skip-bad-rows] [--dry-run] [--format csv|json]`;

interface ImportArgs {
  kind: ImportKind;
  file: string;
  format: ImportFormat;
  skipBadRows: boolean;
  dryRun: boolean;
}

function parseArgs(args: string[]): ImportArgs | string {
  const flags = new Set(args.filter((a) => a.startsWith('--') && !a.startsWith('--format')));
  const formatIndex = args.findIndex((a) => a === '--format' || a.startsWith('--format='));
  const formatArg = formatIndex < 0 ? undefined : args[formatIndex]!.includes('=') ? args[formatIndex]!.split('=')[1] : args[formatIndex + 1];
  const positional = args.filter((a, i) => !a.startsWith('--') && !(formatIndex >= 0 && i === formatIndex + 1 && !args[formatIndex]!.includes('=')));
  const [kind, file] = positional;
  const unknown = [...flags].filter((f) => f !== '--skip-bad-rows' && f !== '--dry-run');
  if (unknown.length > 0) return `unknown option ${unknown.join(', ')}`;
  if (!kind || !(IMPORT_KINDS as readonly string[]).includes(kind)) return `the first argument must be one of ${IMPORT_KINDS.join(', ')}`;
  if (!file) return 'name the file to import';
  const format = formatArg ?? (extname(file).toLowerCase() === '.json' ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json') return `--format must be csv or json (got "${format}")`;
  return { kind: kind as ImportKind, file, format, skipBadRows: flags.has('--skip-bad-rows'), dryRun: flags.has('--dry-run') };
}

export interface ImportCommandDeps {
  streams: CliStreams;
  /** The migrated database of DATA_DIR; the caller closes it afterwards. */
  withDatabase: Lend<AppDatabase>;
  now: () => number;
  /** Competitor alert rules from the configuration (PRICE_ALERT_THRESHOLD_PCT). */
  alertRules?: AlertRules;
}

/**
 * `npm run cli -- import transceivers file.csv`: the same validation, refusal rule and single transaction as
 * POST /api/import/:kind, with a progress bar on stderr. Returns the exit code: 0 written (or a clean dry run),
 * 1 bad rows (nothing written unless --skip-bad-rows) or unreadable input, 2 wrong usage.
 */
export async function runImportCommand(args: string[], deps: ImportCommandDeps): Promise<ExitCode> {
  const { stdout, stderr } = deps.streams;
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    stderr.write(`${parsed}\nUsage: npm run cli -- ${IMPORT_USAGE}\n`);
    return 2;
  }
  const text = await readFile(parsed.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    stderr.write(`Cannot read ${parsed.file}: ${error.code ?? error.message}\n`);
    return undefined;
  });
  if (text === undefined) return 1;
  // The route's body limit, applied to the file before anything is opened.
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) {
    stderr.write(`${parsed.file} is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB; split it into several imports\n`);
    return 1;
  }
  const bar = new SingleBar({ format: '{phase} [{bar}] {value}/{total} rows', stream: stderr, hideCursor: true, clearOnComplete: false });
  let started = false;
  const request: ImportRequest = {
    kind: parsed.kind,
    format: parsed.format,
    text,
    skipBadRows: parsed.skipBadRows,
    dryRun: parsed.dryRun,
    now: deps.now,
    ...(deps.alertRules ? { alertRules: deps.alertRules } : {}),
    onProgress: (phase, done, total) => {
      if (!started) bar.start(total, 0, { phase });
      started = true;
      bar.setTotal(total);
      bar.update(done, { phase: phase === 'validate' ? 'validating' : 'writing   ' });
    },
  };
  const printReport = (report: ImportReport) => {
    bar.stop();
    for (const line of describeProblems(report)) stderr.write(`${line}\n`);
    stdout.write(`${describeReport(report)}\n`);
  };
  return deps.withDatabase((db) =>
    runUnderProgressBar(bar, stderr, async () => {
      try {
        const report = await runImport(db, request);
        printReport(report);
        return report.bad_rows > 0 && report.dry_run ? 1 : 0;
      } catch (error) {
        if (!(error instanceof ImportRefusedError)) throw error;
        printReport(error.report);
        stderr.write('Nothing was written. Fix the rows above, or pass --skip-bad-rows to write the good ones.\n');
        return 1;
      }
    }),
  );
}
