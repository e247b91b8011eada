import { SingleBar } from 'cli-progress';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Config } from '../../../config.js';
import { runUnderProgressBar } from '../../../cli-progress-run.js';
import { openMigratedDatabase } from '../../../index.js';
import type { ImportFormat } from './import.parse.js';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, type ImportKind } from '../../../../shared/api/catalogue/import.schemas.js';
import { describeReport, runImport } from './import.service.js';

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

/**
 * `npm run cli -- import transceivers file.csv`: the same validation and single transaction as POST
 * /api/import/:kind, with a progress bar on stderr. Returns the exit code: 0 written (or a clean dry run),
 * 1 bad rows (nothing written unless --skip-bad-rows) or unreadable input, 2 wrong usage.
 */
export async function runImportCommand(config: Config, args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    console.error(`${parsed}\nUsage: npm run cli -- ${IMPORT_USAGE}`);
    return 2;
  }
  const text = await readFile(parsed.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    console.error(`Cannot read ${parsed.file}: ${error.code ?? error.message}`);
    return undefined;
  });
  if (text === undefined) return 1;
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) {
    console.error(`${parsed.file} is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB; split it into several imports`);
    return 1;
  }
  const { db } = openMigratedDatabase(config);
  const bar = new SingleBar({ format: '{phase} [{bar}] {value}/{total} rows', stream: process.stderr, hideCursor: true, clearOnComplete: false });
  let started = false;
  return runUnderProgressBar(bar, async () => {
    const report = await runImport(db, {
      kind: parsed.kind,
      format: parsed.format,
      text,
      skipBadRows: parsed.skipBadRows,
      dryRun: parsed.dryRun,
      now: Date.now,
      onProgress: (phase, done, total) => {
        if (!started) bar.start(total, 0, { phase });
        started = true;
        bar.setTotal(total);
        bar.update(done, { phase: phase === 'validate' ? 'validating' : 'writing   ' });
      },
    });
    bar.stop();
    for (const e of report.errors) console.error(`line ${e.line} (row ${e.row})${e.field ? ` ${e.field}` : ''}: ${e.reason}`);
    if (report.errors_truncated) console.error(`... more problems not listed (${report.bad_rows} bad rows in all)`);
    console.log(describeReport(report));
    if (report.bad_rows > 0 && !report.committed && !report.skip_bad_rows && !report.dry_run) {
      console.error('Nothing was written. Fix the rows above, or pass --skip-bad-rows to write the good ones.');
      return 1;
    }
    return report.bad_rows > 0 && report.dry_run ? 1 : 0;
  }, () => db.close());
}
