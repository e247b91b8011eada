import { SingleBar } from 'cli-progress';
import { runUnderProgressBar } from '../../cli-progress-run.js';
import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import type { AppDatabase } from '../../db/database.js';
import { type DatabaseTarget, isPostgresUrl, redactDatabaseUrl } from '../../db/database-target.js';
import { copyDatabase } from './database-copy.service.js';

export const COPY_DATABASE_USAGE = 'copy-database --to postgres://user:password@host:5432/database';

export interface CopyDatabaseDeps {
  streams: CliStreams;
  /** The database the configuration names: the copy reads it only when it is the laptop's SQLite file. */
  source: DatabaseTarget;
  /** The migrated source database; the caller closes it afterwards. */
  withSource: Lend<AppDatabase>;
  /** The PostgreSQL database of the URL, opened and migrated; the caller closes it afterwards. */
  withTarget: (url: string) => Lend<AppDatabase>;
}

function targetUrl(args: string[]): string | undefined {
  const [flag, value, ...rest] = args;
  if (rest.length > 0) return undefined;
  if (flag?.startsWith('--to=') && value === undefined) return flag.slice('--to='.length);
  return flag === '--to' ? value : undefined;
}

/**
 * `npm run cli -- copy-database --to postgres://...`: moves a laptop's data to a team's PostgreSQL database. The
 * target is migrated, refused unless every table is empty, then filled in one transaction with a progress bar on
 * stderr. Exit code 0 copied, 1 refused or failed (nothing written), 2 wrong usage.
 */
export async function runCopyDatabaseCommand(args: string[], deps: CopyDatabaseDeps): Promise<ExitCode> {
  const { stderr } = deps.streams;
  const url = targetUrl(args);
  if (url === undefined || !isPostgresUrl(url)) {
    stderr.write(`Name the PostgreSQL database to fill.\nUsage: npm run cli -- ${COPY_DATABASE_USAGE}\n`);
    return 2;
  }
  if (deps.source.engine !== 'sqlite') {
    stderr.write(`copy-database copies the laptop's SQLite file in DATA_DIR: unset DATABASE_URL (it names ${redactDatabaseUrl(deps.source.url)}).\n`);
    return 1;
  }
  const bar = new SingleBar({
    format: 'copying {table} [{bar}] {value}/{total} rows',
    stream: stderr,
    hideCursor: true,
    clearOnComplete: false,
    // Redirected to a file or a pipe, the bar still writes a line now and then, so a log shows the pace too.
    noTTYOutput: true,
    notTTYSchedule: 2000,
  });
  let opened = false;
  try {
    return await deps.withSource((source) =>
      deps.withTarget(url)((target) => {
        opened = true;
        return copyUnderProgressBar(source, target, bar, deps.streams);
      }),
    );
  } catch (error) {
    // A database that cannot be reached or migrated is a refusal in one line, like a target that holds data.
    if (opened) throw error;
    stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}

function copyUnderProgressBar(source: AppDatabase, target: AppDatabase, bar: SingleBar, { stdout, stderr }: CliStreams): Promise<ExitCode> {
  return runUnderProgressBar(bar, stderr, async () => {
    let started = false;
    const report = await copyDatabase(source, target, ({ table, copied, total }) => {
      if (!started) bar.start(total, 0, { table });
      started = true;
      bar.update(copied, { table: table.padEnd(24) });
    });
    bar.stop();
    const tables = report.tables.filter((t) => t.rows > 0).length;
    stdout.write(`Copied ${report.rows} rows of ${tables} tables from ${source.location} to ${target.location}.\n`);
    stdout.write('The vector indexes are not copied: a service on this database rebuilds them from it on its first start.\n');
    return 0;
  });
}
