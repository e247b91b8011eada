import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../../tests/helpers/loopback-port.js';

/**
 * A PostgreSQL cluster that lives in a temporary folder for the length of a test run, a benchmark or a demo: initdb
 * with trust authentication for loopback, a free port, and nothing of it left once stopped. It needs Debian's
 * `postgresql` package (or PG_BIN naming the folder of initdb and pg_ctl).
 */
export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the superuser on the maintenance database. */
  url: string;
  port: number;
  dataDir: string;
  /** The URL of another database of this cluster, as its superuser. */
  urlOf(database: string): string;
  /**
   * The URL of a database as SERVICE_ROLE, the role the service connects as on a team server (docs/team-database.md):
   * no superuser, no BYPASSRLS, so the row-level security policies hold for it. The database must be owned by it.
   */
  serviceUrlOf(database: string): string;
  /** Stops the server and keeps its data (an outage); start() brings it back on the same port. */
  halt(): void;
  start(): void;
  stop(): void;
}

/** Where Debian puts the server programs: the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** initdb refuses to run as root: as root, the cluster's programs run as the `postgres` user, who owns its folder. */
function asClusterOwner(program: string, args: string[]): { file: string; args: string[] } {
  if (process.getuid?.() !== 0) return { file: program, args };
  return { file: 'runuser', args: ['-u', 'postgres', '--', program, ...args] };
}

function run(program: string, args: string[]): void {
  const command = asClusterOwner(program, args);
  const result = spawnSync(command.file, command.args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
}

/** The service's role in a throwaway cluster, created as docs/team-database.md says. */
export const SERVICE_ROLE = 'transceiver_service';
const CREATE_SERVICE_ROLE = `CREATE ROLE ${SERVICE_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`;

/** Starts a fresh cluster; durability settings are off, since nothing in it outlives the run. */
export async function startThrowawayCluster(options: { port?: number } = {}): Promise<ThrowawayCluster> {
  const bin = postgresBin();
  if (bin === undefined) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN to the folder of initdb)');
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-postgres-'));
  const socketDir = join(dataDir, 'socket');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dataDir, uid, gid);
  }
  chmodSync(dataDir, 0o700);
  const cluster = join(dataDir, 'cluster');
  run(join(bin, 'initdb'), ['-D', cluster, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  run('mkdir', [socketDir]);
  const port = options.port ?? (await freeLoopbackPort());
  const settings = [
    `-p ${port}`,
    `-k ${socketDir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=128MB',
  ].join(' ');
  const start = () => run(join(bin, 'pg_ctl'), ['-D', cluster, '-o', settings, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
  start();
  run(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', CREATE_SERVICE_ROLE]);
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlOf('postgres'),
    port,
    dataDir,
    urlOf,
    serviceUrlOf: (database) => `postgres://${SERVICE_ROLE}@127.0.0.1:${port}/${database}`,
    halt: () => run(join(bin, 'pg_ctl'), ['-D', cluster, '-m', 'fast', '-w', 'stop']),
    start,
    stop() {
      if (stopped) return;
      stopped = true;
      // A halted server has nothing to stop; its folder goes all the same.
      // As the cluster's owner, like every other pg_ctl call: as root, pg_ctl refuses to run and reports nothing running.
      const status = asClusterOwner(join(bin, 'pg_ctl'), ['-D', cluster, 'status']);
      const running = spawnSync(status.file, status.args).status === 0;
      try {
        if (running) run(join(bin, 'pg_ctl'), ['-D', cluster, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
