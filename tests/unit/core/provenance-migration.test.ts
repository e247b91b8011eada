import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/service/db/database.js';
import { migrate } from '../../../src/service/db/migrator.js';

const dir = mkdtempSync(join(tmpdir(), 'ti-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 013 (data provenance) on a database seeded before it', () => {
  it('marks the operator and demo-shop products as seed rows of the recorded data set, and nothing else', async () => {
    const sqliteMigrations = resolve('migrations', 'sqlite');
    const all = readdirSync(sqliteMigrations).filter((f) => f.endsWith('.sql'));
    for (const f of all.filter((name) => name < '013')) copyFileSync(join(sqliteMigrations, f), join(dir, f));
    const file = join(dir, 'db.sqlite');
    const migrated = await openDatabase({ engine: 'sqlite', file });
    await migrate(migrated, dir);
    await migrated.close();
    const db = new Database(file);
    db.exec(`
      INSERT INTO app_settings (key, value) VALUES ('seed.catalogue.version', '1.0.0'), ('seed.catalogue.as_of', '2026-11-01');
      INSERT INTO vendors (id, name, kind, is_demo) VALUES ('operator', 'Operator Optics', 'operator', 0), ('shop-demo', 'Shop (demo)', 'competitor', 1), ('real-shop', 'Real shop', 'competitor', 0);`);
    const insert = db.prepare(
      `INSERT INTO transceivers (id, slug, vendor_id, part_number, name, form_factor, speed_gbps, fiber_type, wdm_type, data_confidence)
       VALUES (?, ?, ?, ?, 'x', 'SFP+', 10, 'SMF', 'none', 'vendor_verified')`,
    );
    db.pragma('foreign_keys = OFF');
    for (const vendor of ['operator', 'shop-demo', 'real-shop']) insert.run(vendor, vendor, vendor, `${vendor}-pn`);
    copyFileSync(join(sqliteMigrations, '013_data_provenance.sql'), join(dir, '013_data_provenance.sql'));
    const upgraded = await openDatabase({ engine: 'sqlite', file });
    await migrate(upgraded, dir);
    await upgraded.close();
    const rows = db.prepare('SELECT vendor_id, origin, generator, generated_on FROM transceivers ORDER BY vendor_id').all();
    expect(rows).toEqual([
      { vendor_id: 'operator', origin: 'seed', generator: 'scripts/seed-builder (catalogue data set 1.0.0)', generated_on: '2026-11-01' },
      { vendor_id: 'real-shop', origin: null, generator: null, generated_on: null },
      { vendor_id: 'shop-demo', origin: 'seed', generator: 'scripts/seed-builder (catalogue data set 1.0.0)', generated_on: '2026-11-01' },
    ]);
    expect(() => db.prepare("UPDATE transceivers SET origin = 'scraper' WHERE id = 'operator'").run()).toThrow(/CHECK/);
    db.close();
  });
});
