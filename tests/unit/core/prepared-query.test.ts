import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { prepareQuery } from '../../../src/service/db/prepared-query.js';

describe('prepareQuery', () => {
  let dir: string;
  let db: AppDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-prepared-'));
    // The transition shim exists for SQLite only (the raw handle), so this test opens a SQLite file on any project.
    db = await openDatabase({ engine: 'sqlite', file: join(dir, 'q.sqlite') });
    db.sqlite.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL);
      INSERT INTO schema_migrations VALUES (1, 'one', 'a', 't1'), (2, 'two', 'b', 't2'), (3, 'three', 'c', 't3');`);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs with the values the query was built with, or with others in their place', () => {
    const byName = prepareQuery(db, db.kysely.selectFrom('schema_migrations').select(['version', 'name']).where('name', '=', 'two'));
    expect(byName.all()).toEqual([{ version: 2, name: 'two' }]);
    expect(byName.get(['three'])).toEqual({ version: 3, name: 'three' });
    expect(byName.get(['none'])).toBeUndefined();
  });

  it('takes a list of ids as one JSON parameter', () => {
    const ids = sql<number>`(SELECT value FROM json_each(${'[]'}))`;
    const byIds = prepareQuery(db, db.kysely.selectFrom('schema_migrations').select('name').where('version', 'in', ids).orderBy('version'));
    expect(byIds.all()).toEqual([]);
    expect(byIds.all([JSON.stringify([3, 1])])).toEqual([{ name: 'one' }, { name: 'three' }]);
  });

  it('refuses a different number of parameters than the query has', () => {
    const byName = prepareQuery(db, db.kysely.selectFrom('schema_migrations').select('version').where('name', '=', 'two'));
    expect(() => byName.all(['two', 'extra'])).toThrow(/takes 1 parameters, was given 2/);
  });
});
