import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { migrate } from '../../../src/service/db/migrator.js';
import { ALL_TABLES } from '../../helpers/all-tables.js';
import { transceiversTable } from '../../../src/service/db/tables/catalogue.tables.js';
import { integer, table, text } from '../../../src/service/db/tables/table-spec.js';
import { declarationProblems, migratedTables } from '../../helpers/table-drift.js';

describe('table declarations (src/service/db/tables) against the migrated database', () => {
  let dir: string;
  let db: AppDatabase;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ti-tables-'));
    db = openDatabase(join(dir, 'tables.sqlite'));
    migrate(db.sqlite, resolve('migrations'));
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('declares every table and view exactly once, and nothing the migrations do not create', () => {
    const names = ALL_TABLES.map((d) => d.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    const migrated = migratedTables(db.sqlite);
    expect([...migrated.keys()].sort()).toEqual([...names].sort());
    for (const declaration of ALL_TABLES) expect([declaration.name, migrated.get(declaration.name)]).toEqual([declaration.name, declaration.kind]);
  });

  it('declares every column with its type, nullability and default, in the migration order', () => {
    expect(ALL_TABLES.flatMap((declaration) => declarationProblems(db.sqlite, declaration))).toEqual([]);
  });

  it('notices drift in either direction', () => {
    const { details_verified: _computed, description: _dropped, ...rest } = transceiversTable.columns;
    const drifted = table('transceivers', { ...rest, speed_gbps: integer(), standard: text(), extra: text().orNull() });
    expect(declarationProblems(db.sqlite, drifted)).toEqual([
      'transceivers.details_verified: in the database but not declared',
      'transceivers.description: in the database but not declared',
      'transceivers.extra: declared but not in the database',
      'transceivers.speed_gbps: declared INTEGER, database has REAL',
      'transceivers.standard: declared NOT NULL, database has nullable',
    ]);
    expect(declarationProblems(db.sqlite, table('app_settings', { key: text(), value: text(), updated_at: text() }))).toEqual([
      'app_settings.updated_at: declared required, database makes it defaulted',
    ]);
    expect(declarationProblems(db.sqlite, table('no_such_table', { id: text() }))).toEqual(['no_such_table: no such table in the migrated database']);
  });
});
