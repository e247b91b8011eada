import type { SnapshotInfo, SnapshotManifest } from '../../../shared/api/take-along.schemas.js';
import type { AppDatabase } from '../../db/database.js';
import { AppError, ConflictError, InvalidError } from '../../errors.js';
import { APPLY_CLAIM_MS, claimPull, type HeldPullClaim, pullHolder } from './pull-claim.service.js';
import { applyPulledPages, SnapshotConstraintError } from './snapshot-apply.runner.js';
import { SNAPSHOT_TABLES, snapshotColumns } from './snapshot.tables.js';
import { connectToTeam, type TeamClient } from './team-snapshot.client.js';
import { deletePages, deleteSetting, latestMigration, storedPages, storePage, writeSettingValue } from './take-along.repository.js';
import { PENDING_SETTING, type PendingPull, readPendingPull, type StoredSnapshot } from './take-along-state.service.js';
import { ageSeconds, pullSource } from './take-along.rules.js';

/** Rows per page asked of the team server. */
export const PAGE_ROWS = 2000;

export interface PullProgressEvent {
  table: string;
  pulled: number;
  total: number;
}

export interface PullDeps {
  /** The laptop's database (its SQLite file). */
  db: AppDatabase;
  now(): number;
  fetch: typeof fetch;
  onProgress?: (progress: PullProgressEvent) => void;
  /** The team server this laptop pulls from only (TAKE_ALONG_TEAM_URL); any http(s) address without it. */
  teamUrl?: string | undefined;
  /** Who pulls, as a second pull's 409 names it (pullHolder()); the service by default. */
  holder?: string;
}

export interface PullRequest {
  from: string;
  /** The team password: with it the snapshot includes internal demand rows. */
  password?: string | undefined;
  pageRows?: number;
}

export type PullResult = SnapshotInfo & { pulled_rows: number };

export interface StartedPull {
  /** The team server's origin, as the status names it. */
  from: string;
  done: Promise<PullResult>;
}

/** The team's data changed between pages in a way the laptop cannot take (a row referencing one it never got). */
export class SnapshotInconsistentError extends ConflictError {}

async function refuseOtherSchema(db: AppDatabase, manifest: SnapshotManifest, origin: string): Promise<void> {
  const own = await latestMigration(db);
  const byName = new Map(manifest.tables.map((t) => [t.name, t.columns]));
  for (const table of SNAPSHOT_TABLES) {
    const columns = byName.get(table.declaration.name);
    if (own !== manifest.schema_version || columns?.join(',') !== snapshotColumns(table).join(',')) {
      throw new ConflictError(
        `The team server ${origin} runs database schema ${manifest.schema_version} and this laptop ${own} (table ${table.declaration.name} differs): update the older side first.`,
      );
    }
  }
}

/** The pull to continue: the one that was interrupted when it was of the same team and kind, else a fresh one. */
async function beginOrResume(db: AppDatabase, origin: string, manifest: SnapshotManifest): Promise<PendingPull> {
  const pending = await readPendingPull(db);
  const total = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  if (pending && pending.from === origin && pending.internal_demand === manifest.internal_demand && pending.schema_version === manifest.schema_version) {
    const resumed = { ...pending, total, error: null };
    await writeSettingValue(db, PENDING_SETTING, JSON.stringify(resumed));
    return resumed;
  }
  await deletePages(db);
  const fresh: PendingPull = {
    from: origin,
    taken_at: manifest.taken_at,
    internal_demand: manifest.internal_demand,
    demo: manifest.demo,
    schema_version: manifest.schema_version,
    total,
    error: null,
  };
  await writeSettingValue(db, PENDING_SETTING, JSON.stringify(fresh));
  return fresh;
}

/** Pulls every page the laptop does not hold yet, table by table, keeping each page as it arrives. */
async function pullPages(db: AppDatabase, team: TeamClient, pending: PendingPull, pageRows: number, onProgress: (p: PullProgressEvent) => void): Promise<void> {
  const stored = new Map((await storedPages(db)).map((s) => [s.table_name, s]));
  let pulled = [...stored.values()].reduce((sum, s) => sum + s.rows, 0);
  for (const table of SNAPSHOT_TABLES) {
    const name = table.declaration.name;
    const kept = stored.get(name);
    if (kept && kept.next_cursor === null) continue;
    let page = kept?.pages ?? 0;
    let after = kept?.next_cursor ?? undefined;
    onProgress({ table: name, pulled, total: pending.total });
    do {
      const answer = await team.page(name, after, pageRows);
      page += 1;
      await storePage(db, { table: name, page, rows: answer.rows, next: answer.next });
      pulled += answer.rows.length;
      onProgress({ table: name, pulled, total: Math.max(pending.total, pulled) });
      after = answer.next ?? undefined;
    } while (after !== undefined);
  }
}

async function recordFailure(db: AppDatabase, pending: PendingPull, error: Error): Promise<void> {
  await writeSettingValue(db, PENDING_SETTING, JSON.stringify({ ...pending, error: error.message }));
}

async function runPull(deps: PullDeps, request: PullRequest, origin: string, claim: HeldPullClaim): Promise<PullResult> {
  const { db } = deps;
  const team = await connectToTeam(deps.fetch, origin, request.password);
  const manifest = await team.manifest();
  await refuseOtherSchema(db, manifest, origin);
  const pending = await beginOrResume(db, origin, manifest);
  try {
    await pullPages(db, team, pending, request.pageRows ?? PAGE_ROWS, deps.onProgress ?? (() => undefined));
  } catch (error) {
    if (error instanceof Error) await recordFailure(db, pending, error);
    throw error;
  }
  let snapshot: StoredSnapshot;
  await claim.holdFor(APPLY_CLAIM_MS);
  try {
    snapshot = await applyPulledPages(db, pending, deps.now());
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (!(error instanceof SnapshotConstraintError) && db.dialect.constraintViolation(error) === undefined) {
      // Not the pages' fault (the apply's worker died, the disk is full): they stay for the next try.
      if (error instanceof Error) await recordFailure(db, pending, error);
      throw error;
    }
    // A foreign key that failed at commit: the team's rows changed between pages. The laptop's tables are as they
    // were; the pages are of no further use.
    await deletePages(db);
    await deleteSetting(db, PENDING_SETTING);
    throw new SnapshotInconsistentError(
      `The team's data changed while it was pulled (${(error as Error).message}); this laptop's data is unchanged. Run take-along again to pull afresh.`,
    );
  }
  return { ...snapshot, age_seconds: ageSeconds(snapshot.taken_at, deps.now()), pulled_rows: snapshot.rows };
}

/**
 * "Take along": pulls a read-only snapshot of a team server's data into this laptop's SQLite file and switches the
 * laptop to it. Resolves once the pull is under way: its source checked and the database's one pull claim taken (a
 * pull already running is a 409 naming it); `done` settles with the pull. Resumable: the pages arrive into
 * take_along_pages, one committed page at a time, and a pull started again (after a killed process or a lost
 * connection) asks the team only for what is missing. Only when every table is complete do the pages replace the
 * laptop's tables, in one transaction.
 */
export async function startPull(deps: PullDeps, request: PullRequest): Promise<StartedPull> {
  const { db } = deps;
  const source = pullSource(request.from, deps.teamUrl);
  if ('problem' in source) throw new InvalidError(source.problem);
  if (db.engine !== 'sqlite') throw new ConflictError("take-along pulls into the laptop's SQLite file: unset DATABASE_URL");
  const claim = await claimPull(db, deps.holder ?? pullHolder('service'), source.origin, deps.now);
  const done = runPull(deps, request, source.origin, claim).finally(() => claim.release().catch(() => undefined));
  return { from: source.origin, done };
}

/** startPull, awaited to its end. */
export async function pullSnapshot(deps: PullDeps, request: PullRequest): Promise<PullResult> {
  return (await startPull(deps, request)).done;
}
