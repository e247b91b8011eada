import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { checksumOf, migrate, MigrationError } from '../../../src/service/db/migrator.js';
import { dropTestDatabase, TEST_ENGINE } from '../../helpers/test-database.js';
import { openTestDatabase, testDatabaseTarget } from '../../helpers/test-database-open.js';

const run = promisify(execFile);
let dir: string;
let migrations: string;
let db: AppDatabase;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ti-migrate-'));
  migrations = mkdtempSync(join(tmpdir(), 'ti-migrations-'));
  writeFileSync(join(migrations, '001_first.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);\nINSERT INTO a (id) VALUES (1);\n');
  writeFileSync(join(migrations, '002_second.sql'), 'CREATE TABLE b (id INTEGER PRIMARY KEY);\nINSERT INTO a (id) VALUES (2);\n');
  db = await openTestDatabase(dir);
});
afterEach(async () => {
  await db.close();
  await dropTestDatabase(dir);
  rmSync(dir, { recursive: true, force: true });
  rmSync(migrations, { recursive: true, force: true });
});

async function count(table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db.kysely);
  return Number(rows[0]?.n);
}

async function tableNames(): Promise<string[]> {
  return (await db.kysely.introspection.getTables()).map((t) => t.name);
}

describe(`migrator on ${TEST_ENGINE}`, () => {
  it('applies each migration once, in order, recording its checksum', async () => {
    expect((await migrate(db, migrations)).applied).toEqual(['001_first.sql', '002_second.sql']);
    expect(await migrate(db, migrations)).toEqual({ applied: [], alreadyApplied: 2 });
    expect(await count('a')).toBe(2);
    const { rows } = await sql<{ version: number; name: string; len: number }>`
      SELECT version, name, length(checksum) AS len FROM schema_migrations ORDER BY version`.execute(db.kysely);
    expect(rows.map((r) => ({ ...r, version: Number(r.version), len: Number(r.len) }))).toEqual([
      { version: 1, name: 'first', len: 64 },
      { version: 2, name: 'second', len: 64 },
    ]);
  });

  it('refuses to run when an applied migration file was edited', async () => {
    await migrate(db, migrations);
    writeFileSync(join(migrations, '001_first.sql'), `${readFileSync(join(migrations, '001_first.sql'), 'utf8')}-- edited\n`);
    await expect(migrate(db, migrations)).rejects.toThrow(MigrationError);
    await expect(migrate(db, migrations)).rejects.toThrow(/001_first\.sql was changed after it was applied/);
  });

  it('accepts an amended migration that names the checksum of the text a database ran, and no other edit', async () => {
    await migrate(db, migrations);
    const first = readFileSync(join(migrations, '001_first.sql'), 'utf8');
    const ranChecksum = checksumOf(first);
    writeFileSync(join(migrations, '001_first.sql'), `-- amends: ${ranChecksum}\nCREATE TABLE a (id INTEGER PRIMARY KEY);\n`);
    expect(await migrate(db, migrations)).toEqual({ applied: [], alreadyApplied: 2 });
    const { rows } = await sql<{ checksum: string }>`SELECT checksum FROM schema_migrations WHERE version = 1`.execute(db.kysely);
    expect(rows).toEqual([{ checksum: ranChecksum }]);
    writeFileSync(join(migrations, '001_first.sql'), `-- amends: ${'0'.repeat(64)}\nCREATE TABLE a (id INTEGER PRIMARY KEY);\n`);
    await expect(migrate(db, migrations)).rejects.toThrow(/001_first\.sql was changed after it was applied/);
  });

  it('rolls a failing migration back completely and leaves earlier ones applied', async () => {
    writeFileSync(join(migrations, '003_broken.sql'), 'CREATE TABLE c (id INTEGER);\nINSERT INTO nowhere VALUES (1);\n');
    await expect(migrate(db, migrations)).rejects.toThrow(/003_broken\.sql failed and was rolled back/);
    expect(await tableNames()).not.toContain('c');
    expect(await count('schema_migrations')).toBe(2);
  });

  it('refuses a database that has a migration this version has no file for', async () => {
    await migrate(db, migrations);
    rmSync(join(migrations, '002_second.sql'));
    await expect(migrate(db, migrations)).rejects.toThrow(/has migration 2 \(second\) applied, but this version of the app has no such file/);
  });

  it('refuses badly named or duplicate-numbered files', async () => {
    writeFileSync(join(migrations, '002_clash.sql'), 'SELECT 1;');
    await expect(migrate(db, migrations)).rejects.toThrow(/share the number 2/);
    rmSync(join(migrations, '002_clash.sql'));
    writeFileSync(join(migrations, 'oops.sql'), 'SELECT 1;');
    await expect(migrate(db, migrations)).rejects.toThrow(/NNN_lowercase_name/);
  });

  it('never applies a migration twice when two processes start on one database', async () => {
    // A slow migration widens the window in which both processes try to apply it.
    writeFileSync(
      join(migrations, '003_slow.sql'),
      `CREATE TABLE slow (n INTEGER);
       WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 300000) INSERT INTO slow SELECT n FROM r;
       INSERT INTO a (id) VALUES (3);`,
    );
    const target = JSON.stringify(await testDatabaseTarget(dir));
    const child = () => run(process.execPath, ['--import', 'tsx', 'tests/fixtures/migrate-once.ts', target, migrations]);
    const [one, two] = await Promise.all([child(), child()]);
    const reports = [JSON.parse(one.stdout), JSON.parse(two.stdout)] as Array<{ applied: string[] }>;
    expect(reports.flatMap((r) => r.applied).sort()).toEqual(['001_first.sql', '002_second.sql', '003_slow.sql']);
    expect(await count('a')).toBe(3);
    expect(await count('slow')).toBe(300000);
  });
});
