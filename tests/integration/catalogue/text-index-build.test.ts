import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { migrate } from '../../../src/service/db/migrator.js';
import { databasePath, loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import { createTextIndexBuild } from '../../../src/service/features/catalogue/index.js';
import { listTransceivers, type TextStrategy } from '../../../src/service/features/catalogue/transceivers/transceivers.repository.js';
import {
  buildTextIndexChunk,
  readTextIndexBuild,
  textIndexComplete,
} from '../../../src/service/features/catalogue/transceivers/transceiver-text-index.repository.js';
import { startTestService } from '../../helpers/test-service.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { createSearchEngine } from '../../../src/service/features/search/search.engine.js';
import { type IndexCtx, runIndexCommand } from '../../../src/service/features/search/search.cli.js';

const NOW = Date.parse('2026-12-15T12:00:00.000Z');
const ROOT = join(import.meta.dirname, '../../..');
const MIGRATIONS = join(ROOT, 'migrations');
/** The first text of migrations/012, which filled the index inside the migration (databases that ran it exist). */
const FIRST_012 = join(ROOT, 'tests/fixtures/migrations/012_catalogue_text_index.first-text.sql');
const QUERIES = ['LR4', 'qsfp28 lr4', 'SR', 'sfp', 'zzbelow', 'zzabove', 'zznew', '100GBASE', 'DR8', 'no-such-thing'];
const silent = pino({ level: 'silent' });

/** The tables a catalogue row needs, in the order their references allow. */
const CATALOGUE_TABLES = ['vendors', 'form_factors', 'standards', 'transceivers'];

function columnsOf(db: AppDatabase, schema: string, table: string): string[] {
  return (db.sqlite.prepare(`PRAGMA ${schema}.table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);
}

/**
 * A data directory as a salesperson's laptop holds it before the text index existed: migrations 001-011 (and, with
 * `first012`, the first text of 012) over the seeded catalogue; then this version's migrations, as the next start
 * runs them.
 */
function upgradedDataDir(seeded: string, options: { first012: boolean }): { dataDir: string; db: AppDatabase } {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-text-upgrade-'));
  const older = join(dataDir, 'older-migrations');
  mkdirSync(older);
  for (const file of readdirSync(MIGRATIONS).filter((f) => f < '012')) copyFileSync(join(MIGRATIONS, file), join(older, file));
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = openDatabase(databasePath(config));
  migrate(db.sqlite, older);
  db.sqlite.exec(`ATTACH DATABASE '${seeded}' AS seeded`);
  db.sqlite.transaction(() => {
    for (const table of CATALOGUE_TABLES) {
      const mine = new Set(columnsOf(db, 'main', table));
      const columns = columnsOf(db, 'seeded', table).filter((c) => mine.has(c));
      db.sqlite.exec(`INSERT INTO main.${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM seeded.${table}`);
    }
  })();
  db.sqlite.exec('DETACH DATABASE seeded');
  if (options.first012) {
    copyFileSync(FIRST_012, join(older, '012_catalogue_text_index.sql'));
    migrate(db.sqlite, older);
  }
  migrate(db.sqlite, MIGRATIONS);
  return { dataDir, db };
}

const page = (db: AppDatabase, q: string, strategy: TextStrategy) => {
  const list = listTransceivers(db, { sort: 'part_number', order: 'asc', text: q }, 2000, 0, strategy);
  return { total: list.total, ids: list.rows.map((r) => r.id) };
};

/** What the trigram index itself finds for a word (not the list, which scans while the index is incomplete). */
const indexCount = (db: AppDatabase, word: string) =>
  (db.sqlite.prepare('SELECT count(*) AS n FROM transceiver_text_index WHERE transceiver_text_index MATCH ?').get(`"${word}"`) as { n: number }).n;
const scanCount = (db: AppDatabase, word: string) =>
  (
    db.sqlite
      .prepare(
        "SELECT count(*) AS n FROM transceivers WHERE lower(part_number) LIKE @p OR lower(name) LIKE @p OR lower(form_factor) LIKE @p OR lower(coalesce(standard, '')) LIKE @p",
      )
      .get({ p: `%${word}%` }) as { n: number }
  ).n;

describe('the catalogue text index, built in the background after an upgrade', () => {
  let seededDir: string;
  let seeded: string;
  let rows: number;
  const dirs: string[] = [];

  beforeAll(async () => {
    seededDir = mkdtempSync(join(tmpdir(), 'ti-text-seeded-'));
    const config = loadConfig({ DATA_DIR: seededDir });
    const { db } = openMigratedDatabase(config);
    await seedCatalogue(db, { resourcesDir: config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
    rows = (db.sqlite.prepare('SELECT count(*) AS n FROM transceivers').get() as { n: number }).n;
    seeded = db.file;
    await db.close();
  });
  afterAll(() => {
    for (const dir of [seededDir, ...dirs]) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the index to the build when 012 meets a catalogue, and `q` scans (same rows) until it completes', async () => {
    const { dataDir, db } = upgradedDataDir(seeded, { first012: false });
    dirs.push(dataDir);
    try {
      expect(rows).toBeGreaterThan(1000);
      expect(readTextIndexBuild(db)).toEqual({ complete: false, done: 0, remaining: rows, completedAt: null });
      expect(textIndexComplete(db)).toBe(false);
      expect(indexCount(db, 'sfp')).toBe(0);
      // Asked for the index, the list answers from the scan meanwhile: the same rows.
      for (const q of QUERIES) expect(page(db, q, 'index'), q).toEqual(page(db, q, 'scan'));

      const build = createTextIndexBuild({ db, logger: silent, now: Date.now, chunkRows: 100 });
      expect(build.status()).toMatchObject({ state: 'incomplete', done: 0, total: rows, percent: 0 });
      build.start();
      expect(build.status().state).toBe('building');
      await build.whenIdle();
      expect(build.status()).toMatchObject({ state: 'complete', done: rows, total: rows, percent: 100, eta_seconds: null });
      expect(build.status().completed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(textIndexComplete(db)).toBe(true);
      for (const word of ['sfp', 'lr4', 'qsfp28', '100gbase']) expect(indexCount(db, word), word).toBe(scanCount(db, word));
      for (const q of QUERIES) expect(page(db, q, 'index'), q).toEqual(page(db, q, 'scan'));
      await build.close();
    } finally {
      await db.close();
    }
  });

  it('keeps rows written during the build right on both sides of its boundary', async () => {
    const { dataDir, db } = upgradedDataDir(seeded, { first012: false });
    dirs.push(dataDir);
    try {
      const iso = new Date(NOW).toISOString();
      expect(buildTextIndexChunk(db, 300, iso)).toEqual({ added: 300, complete: false });
      const boundary = (db.sqlite.prepare("SELECT indexed_through AS b FROM derived_index_builds WHERE name = 'transceiver_text_index'").get() as { b: number })
        .b;
      const rowids = db.sqlite.prepare('SELECT rowid FROM transceivers ORDER BY rowid').pluck().all() as number[];
      const below = rowids.filter((r) => r <= boundary);
      const above = rowids.filter((r) => r > boundary);
      expect(below).toHaveLength(300);
      const rename = db.sqlite.prepare("UPDATE transceivers SET part_number = ? || '-' || rowid WHERE rowid = ?");
      rename.run('ZZBELOW', below[5]);
      rename.run('ZZABOVE', above[5]);
      const remove = db.sqlite.prepare('SELECT part_number FROM transceivers WHERE rowid = ?').pluck();
      const gone = [remove.get(below[7]) as string, remove.get(above[7]) as string];
      db.sqlite.prepare('DELETE FROM transceivers WHERE rowid IN (?, ?)').run(below[7], above[7]);
      const columns = columnsOf(db, 'main', 'transceivers').filter((c) => !['id', 'slug', 'part_number'].includes(c));
      db.sqlite
        .prepare(
          `INSERT INTO transceivers (id, slug, part_number, ${columns.join(', ')}) SELECT 'zz-new-id', 'zz-new-slug', 'ZZNEW-1', ${columns.join(', ')} FROM transceivers WHERE rowid = ?`,
        )
        .run(below[9]);

      while (!buildTextIndexChunk(db, 300, iso).complete);
      for (const q of [...QUERIES, ...gone]) expect(page(db, q, 'index'), q).toEqual(page(db, q, 'scan'));
      expect(page(db, 'zzbelow', 'index').total).toBe(1);
      expect(page(db, 'zzabove', 'index').total).toBe(1);
      expect(page(db, 'zznew', 'index').total).toBe(1);
      for (const word of ['sfp', 'lr4', 'zzbelow', 'zzabove', 'zznew']) expect(indexCount(db, word), word).toBe(scanCount(db, word));
      // A write after completion goes through the triggers as before.
      db.sqlite.prepare("UPDATE transceivers SET part_number = 'ZZLATER-1' WHERE rowid = ?").run(above[9]);
      expect(indexCount(db, 'zzlater')).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('goes on where a stopped build left off, adding no row twice', async () => {
    const { dataDir, db } = upgradedDataDir(seeded, { first012: false });
    dirs.push(dataDir);
    try {
      const first = createTextIndexBuild({ db, logger: silent, now: Date.now, chunkRows: 100 });
      first.start();
      await first.close();
      const stopped = readTextIndexBuild(db);
      expect(stopped.complete).toBe(false);
      expect(stopped.done).toBeGreaterThan(0);
      expect(stopped.done).toBeLessThan(rows);
      expect(first.status().state).toBe('incomplete');

      const second = createTextIndexBuild({ db, logger: silent, now: Date.now, chunkRows: 100 });
      second.start();
      await second.whenIdle();
      expect(readTextIndexBuild(db)).toMatchObject({ complete: true, done: rows });
      for (const word of ['sfp', 'lr4', 'qsfp28']) expect(indexCount(db, word), word).toBe(scanCount(db, word));
      await second.close();
    } finally {
      await db.close();
    }
  });

  it('opens a database that ran the first text of 012 with its full index marked complete, and keeps it in step', async () => {
    const { dataDir, db } = upgradedDataDir(seeded, { first012: true });
    dirs.push(dataDir);
    try {
      expect(readTextIndexBuild(db).complete).toBe(true);
      expect(indexCount(db, 'sfp')).toBe(scanCount(db, 'sfp'));
      const rowid = db.sqlite.prepare('SELECT max(rowid) FROM transceivers').pluck().get() as number;
      db.sqlite.prepare("UPDATE transceivers SET part_number = 'ZZAFTER-1' WHERE rowid = ?").run(rowid);
      expect(indexCount(db, 'zzafter')).toBe(1);
      for (const q of [...QUERIES, 'zzafter']) expect(page(db, q, 'index'), q).toEqual(page(db, q, 'scan'));
      // The ledger keeps the checksum of the text this database ran.
      const ran = db.sqlite.prepare('SELECT checksum FROM schema_migrations WHERE version = 12').pluck().get() as string;
      expect(ran.startsWith('e06eb4e976bc')).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('marks an index a fresh database created over an empty catalogue complete at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ti-text-fresh-'));
    dirs.push(dataDir);
    const { db } = openMigratedDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      expect(readTextIndexBuild(db).complete).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('is completed by `npm run cli -- index`, which says so before the vector collections', async () => {
    const { dataDir, db } = upgradedDataDir(seeded, { first012: false });
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'hash' });
    const search = createSearchEngine({ config, db, logger: silent, now: Date.now });
    try {
      const ctx: IndexCtx = { search, textIndex: createTextIndexBuild({ db, logger: silent, now: Date.now }), now: Date.now };
      const io = captureStreams();
      expect(await runIndexCommand([], { streams: io.streams, withSearch: (work) => work(ctx), pollMs: 20 })).toBe(0);
      expect(io.stdout()).toMatch(new RegExp(`^Catalogue text index complete: ${rows} rows added\\n`));
      expect(readTextIndexBuild(db)).toMatchObject({ complete: true, done: rows });
      await ctx.textIndex.close();
    } finally {
      await search.close();
      await db.close();
    }
  });

  it('answers at once after the upgrade, builds after start() and shows it in GET /api/system', async () => {
    const { dataDir, db } = upgradedDataDir(seeded, { first012: false });
    dirs.push(dataDir);
    await db.close();
    const app = await startTestService({ dataDir, listen: true });
    try {
      const token = await app.login();
      const system = async () => {
        const response = await fetch(`${app.url}/api/system`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status).toBe(200);
        return ((await response.json()) as { text_index: Record<string, unknown> }).text_index;
      };
      // listen: true started the service, which started the build; wait for it, then the system view says complete.
      await app.service.ctx.textIndex.whenIdle();
      expect(await system()).toMatchObject({ state: 'complete', done: rows, total: rows, percent: 100, eta_seconds: null });
      const response = await fetch(`${app.url}/api/transceivers?q=LR4&limit=5`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { total: number }).total).toBe(page(app.service.ctx.db, 'LR4', 'scan').total);
    } finally {
      await app.close();
    }
  });
});
