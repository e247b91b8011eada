import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/service/db/database.js';
import { checksumOf, migrate, MigrationError } from '../../../src/service/db/migrator.js';

const run = promisify(execFile);
let dir: string;
let migrations: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ti-migrate-'));
  migrations = mkdtempSync(join(tmpdir(), 'ti-migrations-'));
  writeFileSync(join(migrations, '001_first.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);\nINSERT INTO a (id) VALUES (1);\n');
  writeFileSync(join(migrations, '002_second.sql'), 'CREATE TABLE b (id INTEGER PRIMARY KEY);\nINSERT INTO a (id) VALUES (2);\n');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(migrations, { recursive: true, force: true });
});

describe('migrator', () => {
  it('applies each migration once, in order, recording its checksum', async () => {
    const db = openDatabase(join(dir, 'db.sqlite'));
    expect(migrate(db.sqlite, migrations).applied).toEqual(['001_first.sql', '002_second.sql']);
    expect(migrate(db.sqlite, migrations)).toEqual({ applied: [], alreadyApplied: 2 });
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM a').get()).toEqual({ n: 2 });
    const ledger = db.sqlite.prepare('SELECT version, name, length(checksum) AS len FROM schema_migrations').all();
    expect(ledger).toEqual([
      { version: 1, name: 'first', len: 64 },
      { version: 2, name: 'second', len: 64 },
    ]);
    await db.close();
  });

  it('refuses to run when an applied migration file was edited', async () => {
    const db = openDatabase(join(dir, 'db.sqlite'));
    migrate(db.sqlite, migrations);
    writeFileSync(join(migrations, '001_first.sql'), `${readFileSync(join(migrations, '001_first.sql'), 'utf8')}-- edited\n`);
    expect(() => migrate(db.sqlite, migrations)).toThrow(MigrationError);
    expect(() => migrate(db.sqlite, migrations)).toThrow(/001_first\.sql was changed after it was applied/);
    await db.close();
  });

  it('accepts an amended migration that names the checksum of the text a database ran, and no other edit', async () => {
    const db = openDatabase(join(dir, 'db.sqlite'));
    migrate(db.sqlite, migrations);
    const first = readFileSync(join(migrations, '001_first.sql'), 'utf8');
    const ranChecksum = checksumOf(first);
    // Amended: a different text naming the one this database ran.
    writeFileSync(join(migrations, '001_first.sql'), `-- amends: ${ranChecksum}\nCREATE TABLE a (id INTEGER PRIMARY KEY);\n`);
    expect(migrate(db.sqlite, migrations)).toEqual({ applied: [], alreadyApplied: 2 });
    // The ledger keeps the checksum of the text that ran.
    expect(db.sqlite.prepare('SELECT checksum FROM schema_migrations WHERE version = 1').get()).toEqual({ checksum: ranChecksum });
    // Naming another text's checksum is an edit like any other.
    writeFileSync(join(migrations, '001_first.sql'), `-- amends: ${'0'.repeat(64)}\nCREATE TABLE a (id INTEGER PRIMARY KEY);\n`);
    expect(() => migrate(db.sqlite, migrations)).toThrow(/001_first\.sql was changed after it was applied/);
    await db.close();
  });

  it('rolls a failing migration back completely and leaves earlier ones applied', async () => {
    writeFileSync(join(migrations, '003_broken.sql'), 'CREATE TABLE c (id INTEGER);\nINSERT INTO nowhere VALUES (1);\n');
    const db = openDatabase(join(dir, 'db.sqlite'));
    expect(() => migrate(db.sqlite, migrations)).toThrow(/003_broken\.sql failed and was rolled back/);
    const tables = db.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables).not.toContainEqual({ name: 'c' });
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: 2 });
    await db.close();
  });

  it('refuses badly named or duplicate-numbered files', () => {
    writeFileSync(join(migrations, '002_clash.sql'), 'SELECT 1;');
    const db = openDatabase(':memory:');
    expect(() => migrate(db.sqlite, migrations)).toThrow(/share the number 2/);
    rmSync(join(migrations, '002_clash.sql'));
    writeFileSync(join(migrations, 'oops.sql'), 'SELECT 1;');
    expect(() => migrate(db.sqlite, migrations)).toThrow(/NNN_lowercase_name/);
  });

  it('never applies a migration twice when two processes start on one data directory', async () => {
    // A slow migration widens the window in which both processes try to apply it.
    writeFileSync(
      join(migrations, '003_slow.sql'),
      `CREATE TABLE slow (n INTEGER);
       WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 300000) INSERT INTO slow SELECT n FROM r;
       INSERT INTO a (id) VALUES (3);`,
    );
    const file = join(dir, 'shared.sqlite');
    const child = () => run(process.execPath, ['--import', 'tsx', 'tests/fixtures/migrate-once.ts', file, migrations]);
    const [one, two] = await Promise.all([child(), child()]);
    const reports = [JSON.parse(one.stdout), JSON.parse(two.stdout)] as Array<{ applied: string[] }>;
    const applied = reports.flatMap((r) => r.applied).sort();
    expect(applied).toEqual(['001_first.sql', '002_second.sql', '003_slow.sql']);
    const db = openDatabase(file);
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM a').get()).toEqual({ n: 3 });
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM slow').get()).toEqual({ n: 300000 });
    await db.close();
  });
});
