import { SingleBar } from 'cli-progress';
import { runUnderProgressBar } from '../../cli-progress-run.js';
import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import type { AppDatabase } from '../../db/database.js';
import { pullHolder } from './pull-claim.service.js';
import { pullSnapshot } from './snapshot-pull.service.js';
import { leaveSnapshot, readTakeAlongStatus } from './take-along-state.service.js';

export const TAKE_ALONG_USAGE = 'take-along --from https://team.example [--password-env TEAM_PASSWORD] | take-along --status | take-along --leave';

export interface TakeAlongCommandDeps {
  streams: CliStreams;
  /** The migrated database of DATA_DIR (the laptop's SQLite file); the caller closes it afterwards. */
  withDatabase: Lend<AppDatabase>;
  /** The environment the password is read from (never the command line, which other users of the machine can read). */
  env: Record<string, string | undefined>;
  now(): number;
  fetch: typeof fetch;
  /** TAKE_ALONG_TEAM_URL: when set, the only team server a pull may read. */
  teamUrl?: string | undefined;
  /** For --leave: the bundled data set and the operator's name, as `npm run seed` uses them. */
  resourcesDir: string;
  operatorBrand: string;
}

interface Parsed {
  from?: string;
  passwordEnv?: string;
  status: boolean;
  leave: boolean;
}

function parse(args: string[]): Parsed | undefined {
  const parsed: Parsed = { status: false, leave: false };
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string | undefined => inline ?? args[++i];
    if (flag === '--from') parsed.from = value();
    else if (flag === '--password-env') parsed.passwordEnv = value();
    else if (flag === '--status' && inline === undefined) parsed.status = true;
    else if (flag === '--leave' && inline === undefined) parsed.leave = true;
    else return undefined;
  }
  const pulling = parsed.from !== undefined || parsed.passwordEnv !== undefined;
  // Exactly one of: a pull (--from), --status, --leave.
  if ([pulling, parsed.status, parsed.leave].filter(Boolean).length !== 1 || (pulling && parsed.from === undefined)) return undefined;
  return parsed;
}

const hours = (seconds: number) => (seconds / 3600).toFixed(1);

/**
 * `npm run cli -- take-along --from https://team.example --password-env TEAM_PASSWORD`: pulls a snapshot of the
 * team's data into this laptop's SQLite file, with a progress bar on stderr, continuing an interrupted pull; the
 * laptop then shows the snapshot (also offline). Without a password the team must allow anonymous pulls and the
 * snapshot has no internal demand rows. `--status` says what the laptop shows; `--leave` goes back to the
 * laptop's own data (the bundled catalogue data set). Exit code 0 done, 1 failed (the
 * pages pulled so far are kept), 2 wrong usage.
 */
export async function runTakeAlongCommand(args: string[], deps: TakeAlongCommandDeps): Promise<ExitCode> {
  const { stdout, stderr } = deps.streams;
  const parsed = parse(args);
  if (!parsed) {
    stderr.write(`Usage: npm run cli -- ${TAKE_ALONG_USAGE}\n`);
    return 2;
  }
  const password = parsed.passwordEnv === undefined ? undefined : deps.env[parsed.passwordEnv];
  if (parsed.passwordEnv !== undefined && !password) {
    stderr.write(`The environment variable ${parsed.passwordEnv} (--password-env) is not set.\n`);
    return 2;
  }
  return deps.withDatabase(async (db) => {
    if (parsed.leave) {
      await leaveSnapshot(db, { resourcesDir: deps.resourcesDir, operatorBrand: deps.operatorBrand, now: deps.now() });
      stdout.write('This laptop shows its own data again: the bundled catalogue data set was reloaded.\n');
      return 0;
    }
    if (parsed.status) {
      const status = await readTakeAlongStatus(db, deps.now(), null);
      const snapshot = status.snapshot;
      stdout.write(
        snapshot ? `Team snapshot of ${snapshot.from}, taken ${snapshot.taken_at} (${hours(snapshot.age_seconds)} h old).\n` : "The laptop's own data.\n",
      );
      if (status.pull) stdout.write(`Pull from ${status.pull.from} ${status.pull.state}: ${status.pull.pulled_rows}/${status.pull.total_rows} rows.\n`);
      return 0;
    }
    const bar = new SingleBar({
      format: 'taking along {table} [{bar}] {value}/{total} rows',
      stream: stderr,
      hideCursor: true,
      clearOnComplete: false,
      noTTYOutput: true,
      notTTYSchedule: 2000,
    });
    return runUnderProgressBar(bar, stderr, async () => {
      let started = false;
      const result = await pullSnapshot(
        {
          db,
          now: deps.now,
          fetch: deps.fetch,
          holder: pullHolder('CLI'),
          teamUrl: deps.teamUrl,
          onProgress: ({ table, pulled, total }) => {
            if (!started) bar.start(total, pulled, { table: table.padEnd(24) });
            started = true;
            bar.setTotal(total);
            bar.update(pulled, { table: table.padEnd(24) });
          },
        },
        { from: parsed.from!, password },
      );
      bar.stop();
      const demand = result.internal_demand ? 'with internal demand' : 'without internal demand (no team password)';
      stdout.write(`This laptop now shows the team snapshot of ${result.from} taken ${result.taken_at}: ${result.rows} rows, ${demand}.\n`);
      return 0;
    });
  });
}
