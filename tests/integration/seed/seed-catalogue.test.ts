import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { type Config, loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { runSeedCommand } from '../../../src/service/features/seed/seed.cli.js';
import { catalogueSeedDir, readCatalogueDataset, SeedDataError } from '../../../src/service/features/seed/seed.files.js';
import { asRowViewer } from '../../../src/service/db/row-viewer.js';
import { readSetting, replaceCatalogueRows } from '../../../src/service/features/seed/seed.repository.js';
import { ensureCatalogueSeeded, isCatalogueSeeded, SEED_SETTINGS, seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import { refreshComparablePrices } from '../../../src/service/features/catalogue/comparables/comparable-prices.repository.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { dropTestDatabase, testDatabaseEnv } from '../../helpers/test-database.js';

/** A fixed "now": 2026-12-15T12:00Z, 44 days after the data set's as_of (2026-11-01). */
const NOW = Date.parse('2026-12-15T12:00:00.000Z');
/** Every row, internal demand included (PostgreSQL's row-level security shows internal rows to the service's own work only). */
const all = async <T>(db: AppDatabase, query: ReturnType<typeof sql<T>>) => (await asRowViewer(db, 'service', (tx) => query.execute(tx.kysely))).rows;
const one = async <T>(db: AppDatabase, query: ReturnType<typeof sql<T>>) => (await all(db, query))[0]!;
const count = async (svc: SeedTarget, table: string, where = sql`1 = 1`) =>
  Number((await one(svc.db, sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`)).n);
const setting = async (svc: SeedTarget, key: string) =>
  (await all(svc.db, sql<{ value: string }>`SELECT value FROM app_settings WHERE key = ${key}`))[0]?.value;
const operatorName = async (db: AppDatabase) => (await one(db, sql<{ name: string }>`SELECT name FROM vendors WHERE id = 'operator'`)).name;

/** Rows whose foreign key names no parent: each engine enforces them, so each count must be 0. */
const ORPHANS = [
  sql<{ n: number }>`SELECT count(*) AS n FROM transceivers t LEFT JOIN vendors v ON v.id = t.vendor_id WHERE v.id IS NULL`,
  sql<{ n: number }>`SELECT count(*) AS n FROM transceivers t LEFT JOIN form_factors f ON f.name = t.form_factor WHERE f.name IS NULL`,
  sql<{ n: number }>`SELECT count(*) AS n FROM price_observations p LEFT JOIN transceivers t ON t.id = p.transceiver_id WHERE t.id IS NULL`,
  sql<{
    n: number;
  }>`SELECT count(*) AS n FROM competitor_alerts a LEFT JOIN price_observations p ON p.id = a.observation_id WHERE a.observation_id IS NOT NULL AND p.id IS NULL`,
  sql<{ n: number }>`SELECT count(*) AS n FROM fiber_routes r LEFT JOIN cities c ON c.id = r.city_a WHERE c.id IS NULL`,
];

/** A freshly migrated database of the engine under test, and the configuration that names the data set. */
interface SeedTarget {
  db: AppDatabase;
  config: Config;
}

describe('seedCatalogue on a fresh database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-seed-fresh-'));
  let svc: SeedTarget;
  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...(await testDatabaseEnv(dataDir)), LOG_LEVEL: 'silent' });
    svc = { db: (await openMigratedDatabase(config)).db, config };
  });
  afterAll(async () => {
    await svc?.db.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  });

  it('loads every table with the manifest counts and passes the schema constraints', async () => {
    const { manifest } = readCatalogueDataset(svc.config.resourcesDir);
    const report = await seedCatalogue(svc.db, { resourcesDir: svc.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    for (const [table, entry] of Object.entries(manifest.files)) {
      expect(report.counts[table], table).toBe(entry.rows);
      expect(await count(svc, table), table).toBe(entry.rows);
    }
    expect(await count(svc, 'transceivers')).toBe(1168);
    for (const orphans of ORPHANS) expect(Number((await one(svc.db, orphans)).n)).toBe(0);
    expect(await setting(svc, SEED_SETTINGS.version)).toBe(manifest.version);
    expect(await setting(svc, SEED_SETTINGS.hash)).toBe(manifest.hash);
  });

  it('applies the operator brand and shifts the history to end as close to now as it can, never after it', async () => {
    const db = svc.db;
    expect(await operatorName(db)).toBe('Test Brand Optics');
    // The data set's last records are stamped 14:00 on its as_of day; at 12:00 they land on yesterday's 14:00.
    expect(await setting(svc, SEED_SETTINGS.shiftDays)).toBe('43');
    const { latest } = await one(db, sql<{ latest: string }>`SELECT max(observed_at) AS latest FROM price_observations`);
    expect(latest).toBe('2026-12-14T14:00:00.000Z');
    const future = async (n: number) => {
      const columns = [
        'price_observations.observed_at',
        'price_changes.changed_at',
        'transceivers.updated_at',
        'transceivers.created_at',
        'comparable_prices.observed_at',
        'competitor_alerts.created_at',
        'internal_demand.updated_at',
      ].map((c) => c.split('.') as [string, string]);
      const after: string[] = [];
      for (const [table, column] of columns) {
        if ((await count(svc, table, sql`${sql.ref(column)} > ${new Date(n).toISOString()}`)) > 0) after.push(`${table}.${column}`);
      }
      return after;
    };
    expect(await future(NOW)).toEqual([]);
    // Seeded after 14:00, the history ends the same day.
    const later = Date.parse('2026-12-15T15:30:00.000Z');
    await seedCatalogue(svc.db, { resourcesDir: svc.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: later });
    expect(await setting(svc, SEED_SETTINGS.shiftDays)).toBe('44');
    expect((await one(db, sql<{ latest: string }>`SELECT max(changed_at) AS latest FROM price_changes`)).latest).toBe('2026-12-15T14:00:00.000Z');
    expect(await future(later)).toEqual([]);
    await seedCatalogue(svc.db, { resourcesDir: svc.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    expect(await count(svc, 'transceivers', sql`details_verified = 0`)).toBeGreaterThan(0);
    const views = await one(db, sql<{ products: number }>`SELECT sum(products) AS products FROM price_coverage`);
    expect(Number(views.products)).toBe(1168);
    expect(await count(svc, 'switch_transceiver_finder')).toBeGreaterThan(100);
  });

  it('ships the comparable prices the service rule builds: a refresh right after seeding keeps the same pairs and prices', async () => {
    const db = svc.db;
    await seedCatalogue(db, { resourcesDir: svc.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    const pairs = async () =>
      (
        await all(
          db,
          sql<{ o: string; c: string; price: number; currency: string; at: string }>`SELECT operator_transceiver_id AS o,
            competitor_transceiver_id AS c, price, currency, observed_at AS at FROM comparable_prices`,
        )
      )
        .map((r) => `${r.o} ${r.c} ${r.price} ${r.currency} ${r.at}`)
        .sort();
    const seeded = await pairs();
    expect(seeded.length).toBeGreaterThan(1000);
    expect(await refreshComparablePrices(db)).toBe(seeded.length);
    expect(await pairs()).toEqual(seeded);
  });

  it('reseeds in place: same ids and counts, rows added since then are replaced', async () => {
    const db = svc.db;
    const products = async () => all(db, sql<{ id: string; slug: string }>`SELECT id, slug FROM transceivers ORDER BY id`);
    const before = await products();
    const someId = before[0]!.id;
    // Numbered after the data set's own observation ids (which the seed wrote explicitly).
    const { top } = await one(db, sql<{ top: number }>`SELECT max(id) AS top FROM price_observations`);
    const added = await one(
      db,
      sql<{ id: number }>`INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source)
        VALUES (${someId}, 'operator', 99, 'USD', '2026-12-01T00:00:00Z', 'import') RETURNING id`,
    );
    expect(Number(added.id)).toBeGreaterThan(Number(top));
    await sql`UPDATE vendors SET name = 'Renamed' WHERE id = 'operator'`.execute(db.kysely);
    await seedCatalogue(svc.db, { resourcesDir: svc.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    expect(await products()).toEqual(before);
    expect(await count(svc, 'price_observations', sql`source <> 'seed'`)).toBe(0);
    expect(await operatorName(db)).toBe('Test Brand Optics');
  });

  it('rolls back completely when a row breaks a constraint', async () => {
    const { files } = readCatalogueDataset(svc.config.resourcesDir);
    const broken = files.map((f) =>
      f.table === 'transceivers'
        ? { ...f, rows: f.rows.map((r, i) => (i === 5 ? r.map((cell, c) => (f.columns[c] === 'vendor_id' ? 'no-such-vendor' : cell)) : r)) }
        : f,
    );
    const cities = await count(svc, 'cities');
    const hash = await setting(svc, SEED_SETTINGS.hash);
    await deleteLisbon(svc);
    expect(await count(svc, 'cities')).toBe(cities - 1);
    const failure = await replaceCatalogueRows(svc.db, broken, { [SEED_SETTINGS.hash]: 'broken' }).catch((error: unknown) => error);
    expect(svc.db.dialect.constraintViolation(failure)).toBe('foreign_key');
    expect(await count(svc, 'cities')).toBe(cities - 1);
    expect(await setting(svc, SEED_SETTINGS.hash)).toBe(hash);
  });
});

async function deleteLisbon(svc: SeedTarget): Promise<void> {
  await sql`DELETE FROM fiber_routes WHERE city_a = 'lisbon' OR city_b = 'lisbon'`.execute(svc.db.kysely);
  await sql`DELETE FROM cities WHERE id = 'lisbon'`.execute(svc.db.kysely);
}

describe('first start, the CLI and a damaged data set', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-seed-'));
  let config: Config;
  beforeAll(async () => {
    config = loadConfig({ DATA_DIR: dataDir, ...(await testDatabaseEnv(dataDir)), LOG_LEVEL: 'silent', OPERATOR_BRAND: 'First Start Optics' });
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  });

  it('fills an empty database once, then only keeps the brand in line with the config', async () => {
    const { db } = await openMigratedDatabase(config);
    try {
      expect(await isCatalogueSeeded(db)).toBe(false);
      const first = await ensureCatalogueSeeded(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: NOW });
      expect(first.seeded).toBe(true);
      expect(await isCatalogueSeeded(db)).toBe(true);
      const second = await ensureCatalogueSeeded(db, { resourcesDir: config.resourcesDir, operatorBrand: 'Renamed Optics', now: NOW });
      expect(second.seeded).toBe(false);
      expect(await operatorName(db)).toBe('Renamed Optics');
      expect(await readSetting(db, SEED_SETTINGS.operatorBrand)).toBe('Renamed Optics');
    } finally {
      await db.close();
    }
  });

  it('npm run seed reseeds, --if-empty leaves a seeded catalogue alone, unknown options are refused', async () => {
    let lent = 0;
    const command = (args: string[]) => {
      const io = captureStreams();
      const deps = {
        streams: io.streams,
        dataDir,
        resourcesDir: config.resourcesDir,
        operatorBrand: config.operatorBrand,
        now: NOW,
        withDatabase: async <R>(work: (db: AppDatabase) => Promise<R>) => {
          lent += 1;
          const { db } = await openMigratedDatabase(config);
          try {
            return await work(db);
          } finally {
            await db.close();
          }
        },
      };
      return runSeedCommand(args, deps).then((code) => ({ code, stdout: io.stdout(), stderr: io.stderr() }));
    };
    const ifEmpty = await command(['--if-empty']);
    expect(ifEmpty).toMatchObject({ code: 0, stdout: expect.stringContaining('nothing to do') });
    const keepDates = await command(['--keep-dates']);
    expect(keepDates).toMatchObject({ code: 0, stdout: expect.stringContaining('shifted by 0 days') });
    expect(keepDates.stdout).toContain(`into ${dataDir}`);
    expect(lent).toBe(2);
    const bogus = await command(['--bogus']);
    expect(bogus).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown option(s) --bogus') });
    // Wrong usage is refused before the database is opened.
    expect(lent).toBe(2);
  });

  it('refuses a data set whose files no longer match the manifest, before touching the database', () => {
    const resources = mkdtempSync(join(tmpdir(), 'ti-seed-res-'));
    try {
      cpSync(catalogueSeedDir(config.resourcesDir), catalogueSeedDir(resources), { recursive: true });
      const file = join(catalogueSeedDir(resources), 'cities.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('Frankfurt am Main', 'Frankfurt (edited)'));
      expect(() => readCatalogueDataset(resources)).toThrow(SeedDataError);
      expect(() => readCatalogueDataset(resources)).toThrow(/cities\.json does not match/);
    } finally {
      rmSync(resources, { recursive: true, force: true });
    }
  });
});
