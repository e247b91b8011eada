import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface MigrationFile {
  version: number;
  name: string;
  file: string;
  sql: string;
  checksum: string;
  /** Checksums of earlier texts of this migration that it declares it amends (see amendedChecksums). */
  amends: string[];
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

const FILE_PATTERN = /^(\d{3,})_([a-z0-9_]+)\.sql$/;

export function checksumOf(sql: string): string {
  // Line endings are normalised so that a checkout with CRLF does not look like an edited migration.
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

const AMENDS_LINE = /^-- amends: ([0-9a-f]{64})\b/gm;

/**
 * A landed migration is never edited, with one exception: an amendment that leaves every database in the same state
 * once the migrations after it have run, whichever text it ran (say, a bulk fill moved out of the migration into a
 * background build, with a later migration reconciling databases that ran the first text). The amended file names the
 * checksum of each text it replaces in a line `-- amends: <sha256>`, so a database that ran an earlier text still
 * opens; any other edit is refused as before.
 */
function amendedChecksums(sql: string): string[] {
  return [...sql.matchAll(AMENDS_LINE)].map((m) => m[1] as string);
}

export function readMigrationFiles(dir: string): MigrationFile[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const seen = new Map<number, string>();
  return files.map((file) => {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new MigrationError(`Migration file ${file} is not named NNN_lowercase_name.sql`);
    const version = Number(match[1]);
    const clash = seen.get(version);
    if (clash) throw new MigrationError(`Migrations ${clash} and ${file} share the number ${version}`);
    seen.set(version, file);
    const sql = readFileSync(join(dir, file), 'utf8');
    return { version, name: match[2] as string, file, sql, checksum: checksumOf(sql), amends: amendedChecksums(sql) };
  });
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

function ensureLedger(sqlite: Database.Database): void {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
}

function verifyApplied(applied: AppliedRow[], files: MigrationFile[]): void {
  const byVersion = new Map(files.map((f) => [f.version, f]));
  for (const row of applied) {
    const file = byVersion.get(row.version);
    if (!file) {
      throw new MigrationError(
        `The database has migration ${row.version} (${row.name}) applied, but this version of the app has no such file: ` +
          'the data directory belongs to a newer version. Use that version, or a fresh DATA_DIR.',
      );
    }
    if (file.checksum !== row.checksum && !file.amends.includes(row.checksum)) {
      throw new MigrationError(
        `Migration ${file.file} was changed after it was applied to this database (recorded checksum ${row.checksum.slice(0, 12)}, ` +
          `file now ${file.checksum.slice(0, 12)}). Landed migrations are never edited: restore the file and add a new migration instead.`,
      );
    }
  }
}

/**
 * Applies pending migrations, each inside its own IMMEDIATE transaction. IMMEDIATE takes SQLite's write lock
 * before reading the ledger, so when two processes start on one data directory the second waits (busy_timeout),
 * then sees the migration recorded and skips it: no migration is ever applied twice.
 */
export function migrate(sqlite: Database.Database, dir: string, now: () => Date = () => new Date()): MigrationReport {
  const files = readMigrationFiles(dir);
  ensureLedger(sqlite);
  const readApplied = (): AppliedRow[] => sqlite.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all() as AppliedRow[];
  verifyApplied(readApplied(), files);

  const report: MigrationReport = { applied: [], alreadyApplied: 0 };
  const isApplied = sqlite.prepare('SELECT checksum FROM schema_migrations WHERE version = ?');
  const record = sqlite.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  for (const file of files) {
    const applyOne = sqlite.transaction(() => {
      const existing = isApplied.get(file.version) as { checksum: string } | undefined;
      if (existing) {
        if (existing.checksum !== file.checksum && !file.amends.includes(existing.checksum)) verifyApplied(readApplied(), files);
        return false;
      }
      try {
        sqlite.exec(file.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${file.file} failed and was rolled back: ${(error as Error).message}`);
      }
      record.run(file.version, file.name, file.checksum, now().toISOString());
      return true;
    });
    if (applyOne.immediate()) report.applied.push(file.file);
    else report.alreadyApplied += 1;
  }
  return report;
}
