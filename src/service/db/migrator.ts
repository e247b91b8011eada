import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { AppDatabase, Engine } from './database.js';

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

export function checksumOf(text: string): string {
  // Line endings are normalised so that a checkout with CRLF does not look like an edited migration.
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

const AMENDS_LINE = /^-- amends: ([0-9a-f]{64})\b/gm;

/**
 * One landed SQLite migration (012) was amended once, and laptops that ran its first text still exist: the amended
 * file names the checksum of the text it replaces in a line `-- amends: <sha256>`, so those databases still open.
 * No new migration uses it: a landed migration is never edited.
 */
function amendedChecksums(text: string): string[] {
  return [...text.matchAll(AMENDS_LINE)].map((m) => m[1] as string);
}

/** Each engine has its own folder of numbered migrations (migrations/sqlite, migrations/postgres). */
export function migrationsDirFor(root: string, engine: Engine): string {
  return join(root, engine);
}

export function readMigrationFiles(dir: string): MigrationFile[] {
  if (!existsSync(dir)) throw new MigrationError(`No migrations folder at ${dir}`);
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
    const text = readFileSync(join(dir, file), 'utf8');
    return { version, name: match[2] as string, file, sql: text, checksum: checksumOf(text), amends: amendedChecksums(text) };
  });
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

const LEDGER = sql`CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  checksum TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

async function readApplied(db: AppDatabase): Promise<AppliedRow[]> {
  const { rows } = await sql<AppliedRow>`SELECT version, name, checksum FROM schema_migrations ORDER BY version`.execute(db.kysely);
  return rows.map((row) => ({ ...row, version: Number(row.version) }));
}

function verifyApplied(applied: AppliedRow[], files: MigrationFile[]): void {
  const byVersion = new Map(files.map((f) => [f.version, f]));
  for (const row of applied) {
    const file = byVersion.get(row.version);
    if (!file) {
      throw new MigrationError(
        `The database has migration ${row.version} (${row.name}) applied, but this version of the app has no such file: ` +
          'the database belongs to a newer version. Use that version, or a fresh database.',
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
 * Applies pending migrations of the database's engine, each in its own transaction that holds the migration lock
 * (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock). When two processes start on one database the second
 * waits, then reads the ledger, finds the migration recorded and skips it: no migration is ever applied twice, and a
 * failed one leaves nothing behind.
 */
export async function migrate(db: AppDatabase, dir: string, now: () => Date = () => new Date()): Promise<MigrationReport> {
  const files = readMigrationFiles(dir);
  await db.exclusive(async (tx) => {
    await LEDGER.execute(tx.kysely);
    verifyApplied(await readApplied(tx), files);
  });

  const report: MigrationReport = { applied: [], alreadyApplied: 0 };
  for (const file of files) {
    const applied = await db.exclusive(async (tx, script) => {
      const { rows } = await sql<{ checksum: string }>`SELECT checksum FROM schema_migrations WHERE version = ${file.version}`.execute(tx.kysely);
      const existing = rows[0];
      if (existing) {
        if (existing.checksum !== file.checksum && !file.amends.includes(existing.checksum)) verifyApplied(await readApplied(tx), files);
        return false;
      }
      try {
        await script(file.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${file.file} failed and was rolled back: ${(error as Error).message}`);
      }
      await sql`INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (${file.version}, ${file.name}, ${file.checksum}, ${now().toISOString()})`.execute(
        tx.kysely,
      );
      return true;
    });
    if (applied) report.applied.push(file.file);
    else report.alreadyApplied += 1;
  }
  return report;
}
