import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDirFor, readMigrationFiles } from '../../../src/service/db/migrator.js';

const sqlite = readMigrationFiles(migrationsDirFor(resolve('migrations'), 'sqlite'));
const postgres = readMigrationFiles(migrationsDirFor(resolve('migrations'), 'postgres'));

/** PostgreSQL's history starts with the whole schema at this number (migrations/postgres/020_baseline.sql). */
const BASELINE = 20;

describe('the two migrations folders', () => {
  it("start PostgreSQL's history at the baseline, which says so in its first lines", () => {
    expect(postgres[0]?.version).toBe(BASELINE);
    expect(postgres[0]?.sql.split('\n').slice(0, 4).join(' ')).toMatch(/starts here, at 020, with the whole schema/);
    expect(sqlite.some((file) => file.version === BASELINE)).toBe(true);
  });

  it('give every schema change after the baseline the same number in both folders', () => {
    const after = (files: typeof sqlite) => files.filter((file) => file.version > BASELINE).map((file) => file.version);
    expect(after(postgres)).toEqual(after(sqlite));
  });

  it("leave the migrator's ledger to the migrator", () => {
    for (const file of postgres) expect([file.file, /\bschema_migrations\b/.test(file.sql.replace(/--.*$/gm, ''))]).toEqual([file.file, false]);
  });
});
