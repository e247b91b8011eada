import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { ALL_TABLES, tablesOf } from '../../../src/service/db/tables/all-tables.js';
import { transceiversTable } from '../../../src/service/db/tables/catalogue.tables.js';
import { integer, table, text } from '../../../src/service/db/tables/table-spec.js';
import { declarationProblems, migratedTables } from '../../helpers/table-drift.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';

describe(`table declarations (src/service/db/tables) against a freshly migrated ${TEST_ENGINE} database`, () => {
  let db: AppDatabase;
  let opened: MigratedTestDatabase;
  beforeAll(async () => {
    opened = await openMigratedTestDatabase('ti-tables-');
    ({ db } = opened);
  });
  afterAll(() => opened.close());

  it('declares every table and view exactly once, and nothing the migrations do not create', async () => {
    const names = ALL_TABLES.map((d) => d.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    const declared = tablesOf(db.engine);
    const migrated = await migratedTables(db);
    expect([...migrated.keys()].sort()).toEqual(declared.map((d) => d.name).sort());
    for (const declaration of declared) expect([declaration.name, migrated.get(declaration.name)]).toEqual([declaration.name, declaration.kind]);
  });

  it('declares every column with its type, nullability and default, in the migration order', async () => {
    const problems = await Promise.all(tablesOf(db.engine).map((declaration) => declarationProblems(db, declaration)));
    expect(problems.flat()).toEqual([]);
  });

  it('notices drift in either direction', async () => {
    const { details_verified: _computed, description: _dropped, ...rest } = transceiversTable.columns;
    const drifted = table('transceivers', { ...rest, speed_gbps: integer(), standard: text(), extra: text().orNull() });
    const realType = db.engine === 'postgres' ? 'double precision' : 'REAL';
    expect(await declarationProblems(db, drifted)).toEqual([
      'transceivers.details_verified: in the database but not declared',
      'transceivers.description: in the database but not declared',
      'transceivers.extra: declared but not in the database',
      `transceivers.speed_gbps: declared INTEGER, database has ${realType}`,
      'transceivers.standard: declared NOT NULL, database has nullable',
    ]);
    expect(await declarationProblems(db, table('app_settings', { key: text(), value: text(), updated_at: text() }))).toEqual([
      'app_settings.updated_at: declared required, database makes it defaulted',
    ]);
    expect(await declarationProblems(db, table('price_observations', { ...priceObservationColumns(), id: integer() }))).toContain(
      'price_observations.id: declared required, database makes it defaulted',
    );
    expect(await declarationProblems(db, table('no_such_table', { id: text() }))).toEqual(['no_such_table: no such table in the migrated database']);
  });
});

function priceObservationColumns() {
  return ALL_TABLES.find((d) => d.name === 'price_observations')?.columns ?? {};
}
