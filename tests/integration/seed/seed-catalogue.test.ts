import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { runSeedCommand } from '../../../src/service/features/seed/seed.cli.js';
import { catalogueSeedDir, readCatalogueDataset, SeedDataError } from '../../../src/service/features/seed/seed.files.js';
import { replaceCatalogueRows } from '../../../src/service/features/seed/seed.repository.js';
import { ensureCatalogueSeeded, isCatalogueSeeded, SEED_SETTINGS, seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import { refreshComparablePrices } from '../../../src/service/features/catalogue/comparables/comparables.repository.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** A fixed "now": 2026-12-15T12:00Z, 44 days after the data set's as_of (2026-11-01). */
const NOW = Date.parse('2026-12-15T12:00:00.000Z');
const count = (svc: TestService, table: string) => (svc.service.ctx.db.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const setting = (svc: TestService, key: string) =>
  (svc.service.ctx.db.sqlite.prepare('SELECT value FROM app_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;

describe('seedCatalogue on a fresh service database', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(async () => {
    await svc.close();
  });

  it('loads every table with the manifest counts and passes the schema constraints', () => {
    const { manifest } = readCatalogueDataset(svc.service.config.resourcesDir);
    const report = seedCatalogue(svc.service.ctx.db, { resourcesDir: svc.service.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    for (const [table, entry] of Object.entries(manifest.files)) {
      expect(report.counts[table], table).toBe(entry.rows);
      expect(count(svc, table), table).toBe(entry.rows);
    }
    expect(count(svc, 'transceivers')).toBe(1168);
    expect(svc.service.ctx.db.sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(svc.service.ctx.db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(setting(svc, SEED_SETTINGS.version)).toBe(manifest.version);
    expect(setting(svc, SEED_SETTINGS.hash)).toBe(manifest.hash);
  });

  it('applies the operator brand and shifts the history to end as close to now as it can, never after it', () => {
    const db = svc.service.ctx.db.sqlite;
    expect((db.prepare("SELECT name FROM vendors WHERE id = 'operator'").get() as { name: string }).name).toBe('Test Brand Optics');
    // The data set's last records are stamped 14:00 on its as_of day; at 12:00 they land on yesterday's 14:00.
    expect(setting(svc, SEED_SETTINGS.shiftDays)).toBe('43');
    const { latest } = db.prepare('SELECT max(observed_at) AS latest FROM price_observations').get() as { latest: string };
    expect(latest).toBe('2026-12-14T14:00:00.000Z');
    const future = (n: number) =>
      [
        'price_observations.observed_at',
        'price_changes.changed_at',
        'transceivers.updated_at',
        'transceivers.created_at',
        'comparable_prices.observed_at',
        'competitor_alerts.created_at',
        'internal_demand.updated_at',
      ]
        .map((c) => c.split('.') as [string, string])
        .filter(
          ([table, column]) => (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} > ?`).get(new Date(n).toISOString()) as { n: number }).n > 0,
        );
    expect(future(NOW)).toEqual([]);
    // Seeded after 14:00, the history ends the same day.
    const later = Date.parse('2026-12-15T15:30:00.000Z');
    seedCatalogue(svc.service.ctx.db, { resourcesDir: svc.service.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: later });
    expect(setting(svc, SEED_SETTINGS.shiftDays)).toBe('44');
    expect((db.prepare('SELECT max(changed_at) AS latest FROM price_changes').get() as { latest: string }).latest).toBe('2026-12-15T14:00:00.000Z');
    expect(future(later)).toEqual([]);
    seedCatalogue(svc.service.ctx.db, { resourcesDir: svc.service.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    const unverified = db.prepare('SELECT count(*) AS n FROM transceivers WHERE details_verified = 0').get() as { n: number };
    expect(unverified.n).toBeGreaterThan(0);
    const views = db.prepare('SELECT sum(priced) AS priced, sum(products) AS products FROM price_coverage').get() as { priced: number; products: number };
    expect(views.products).toBe(1168);
    expect((db.prepare('SELECT count(*) AS n FROM switch_transceiver_finder').get() as { n: number }).n).toBeGreaterThan(100);
  });

  it('ships the comparable prices the service rule builds: a refresh right after seeding keeps the same pairs and prices', () => {
    const db = svc.service.ctx.db;
    seedCatalogue(db, { resourcesDir: svc.service.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    const pairs = () =>
      (
        db.sqlite
          .prepare('SELECT operator_transceiver_id AS o, competitor_transceiver_id AS c, price, currency, observed_at AS at FROM comparable_prices')
          .all() as Array<{ o: string; c: string; price: number; currency: string; at: string }>
      )
        .map((r) => `${r.o} ${r.c} ${r.price} ${r.currency} ${r.at}`)
        .sort();
    const seeded = pairs();
    expect(seeded.length).toBeGreaterThan(1000);
    expect(refreshComparablePrices(db)).toBe(seeded.length);
    expect(pairs()).toEqual(seeded);
  });

  it('reseeds in place: same ids and counts, rows added since then are replaced', () => {
    const db = svc.service.ctx.db.sqlite;
    const before = db.prepare('SELECT id, slug FROM transceivers ORDER BY id').all();
    const someId = (before[0] as { id: string }).id;
    db.prepare(
      "INSERT INTO price_observations (transceiver_id, vendor_id, price, currency, observed_at, source) VALUES (?, 'operator', 99, 'USD', '2026-12-01T00:00:00Z', 'import')",
    ).run(someId);
    db.prepare("UPDATE vendors SET name = 'Renamed' WHERE id = 'operator'").run();
    seedCatalogue(svc.service.ctx.db, { resourcesDir: svc.service.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    expect(db.prepare('SELECT id, slug FROM transceivers ORDER BY id').all()).toEqual(before);
    expect((db.prepare("SELECT count(*) AS n FROM price_observations WHERE source <> 'seed'").get() as { n: number }).n).toBe(0);
    expect((db.prepare("SELECT name FROM vendors WHERE id = 'operator'").get() as { name: string }).name).toBe('Test Brand Optics');
  });

  it('rolls back completely when a row breaks a constraint', () => {
    const { files } = readCatalogueDataset(svc.service.config.resourcesDir);
    const broken = files.map((f) =>
      f.table === 'transceivers'
        ? { ...f, rows: f.rows.map((r, i) => (i === 5 ? r.map((cell, c) => (f.columns[c] === 'vendor_id' ? 'no-such-vendor' : cell)) : r)) }
        : f,
    );
    const cities = count(svc, 'cities');
    const hash = setting(svc, SEED_SETTINGS.hash);
    deleteLisbon(svc);
    expect(count(svc, 'cities')).toBe(cities - 1);
    expect(() => replaceCatalogueRows(svc.service.ctx.db, broken, { [SEED_SETTINGS.hash]: 'broken' })).toThrow(/FOREIGN KEY/);
    expect(count(svc, 'cities')).toBe(cities - 1);
    expect(setting(svc, SEED_SETTINGS.hash)).toBe(hash);
  });
});

function deleteLisbon(svc: TestService): void {
  svc.service.ctx.db.sqlite.prepare("DELETE FROM fiber_routes WHERE city_a = 'lisbon' OR city_b = 'lisbon'").run();
  svc.service.ctx.db.sqlite.prepare("DELETE FROM cities WHERE id = 'lisbon'").run();
}

describe('first start, the CLI and a damaged data set', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-seed-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', OPERATOR_BRAND: 'First Start Optics' });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fills an empty database once, then only keeps the brand in line with the config', async () => {
    const { db } = openMigratedDatabase(config);
    try {
      expect(isCatalogueSeeded(db)).toBe(false);
      const first = ensureCatalogueSeeded(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: NOW });
      expect(first.seeded).toBe(true);
      expect(isCatalogueSeeded(db)).toBe(true);
      const second = ensureCatalogueSeeded(db, { resourcesDir: config.resourcesDir, operatorBrand: 'Renamed Optics', now: NOW });
      expect(second.seeded).toBe(false);
      expect((db.sqlite.prepare("SELECT name FROM vendors WHERE id = 'operator'").get() as { name: string }).name).toBe('Renamed Optics');
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
          const { db } = openMigratedDatabase(config);
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
