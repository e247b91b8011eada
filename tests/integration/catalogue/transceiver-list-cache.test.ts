import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { intakeMarketRecord } from '../../../src/service/features/catalogue/index.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { listTransceivers, type TransceiverQuery } from '../../../src/service/features/catalogue/transceivers/transceivers.repository.js';
import type { TransceiverPage } from '../../../src/shared/api/catalogue/transceivers.schemas.js';
import { SORT_ORDERS, TRANSCEIVER_SORT_FIELDS } from '../../../src/shared/vocabulary/catalogue.vocabulary.js';
import { FX, insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { generateTransceivers, lr4ImportRecord } from '../../helpers/generated-catalogue.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');
const RULES = { priceAlertThresholdPct: 5 };

/**
 * The list keeps, per connection, the ordered matches of text queries and the rows it read, valid only at the list's
 * revision (migrations/017_transceiver_list_revision.sql). Each test first makes the list keep something, then writes
 * through one path, then expects the answer a fresh read gives: a path that did not raise the revision would leave the
 * kept (stale) answer in place and fail here.
 */
describe('GET /api/transceivers after every kind of write (the list keeps nothing past a write)', () => {
  let t: TestService;
  let db: AppDatabase;
  let headers: Record<string, string>;

  const list = async (query: string): Promise<TransceiverPage> => {
    const response = await fetch(`${t.url}/api/transceivers?${query}`, { headers });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as TransceiverPage;
  };
  /** The same list read in a transaction of the caller's own, which never uses nor fills the kept state. */
  const fresh = (f: Partial<TransceiverQuery>, limit = 50, offset = 0) =>
    db.sqlite.transaction(() => listTransceivers(db, { sort: 'part_number', order: 'asc', ...f }, limit, offset))();
  const record = (part: string, name: string, vendor: string = FX.shopA) => lr4ImportRecord(vendor, part, name);
  const importJson = async (kind: string, rows: object[]) => {
    const response = await fetch(`${t.url}/api/import/${kind}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'json', data: JSON.stringify(rows) }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const revision = () => (db.sqlite.prepare('SELECT revision FROM transceiver_list_revision').get() as { revision: number }).revision;

  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { SEED_ON_START: 'true' } });
    db = t.service.ctx.db;
    await insertReferenceData(db);
    headers = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a repeated text query and its pages from what it kept exactly as a fresh read does', async () => {
    for (const q of ['LR4', 'qsfp28 lr4', 'LR', 'sfp 10g', 'zz-none']) {
      const first = await list(`q=${encodeURIComponent(q)}&limit=20`);
      const again = await list(`q=${encodeURIComponent(q)}&limit=20`);
      expect(again).toEqual(first);
      const reference = fresh({ text: q }, 20, 20);
      const second = await list(`q=${encodeURIComponent(q)}&limit=20&offset=20`);
      expect(second.total, q).toBe(reference.total);
      expect(
        second.items.map((i) => i.id),
        q,
      ).toEqual(reference.rows.map((r) => r.id));
    }
  });

  it('import (HTTP): a new product joins a kept text query, an updated one shows its new name on a kept page', async () => {
    expect((await list('q=zzwarm')).total).toBe(0);
    const before = revision();
    await importJson('transceivers', [record('ZZ-WARM-1', 'zzwarm optic one')]);
    expect(revision()).toBeGreaterThan(before);
    const after = await list('q=zzwarm');
    expect(after.items.map((i) => i.part_number)).toEqual(['ZZ-WARM-1']);

    expect((await list('q=ZZ-WARM&limit=5')).items[0]?.name).toBe('zzwarm optic one');
    await importJson('transceivers', [record('ZZ-WARM-1', 'zzwarm optic renamed')]);
    expect((await list('q=ZZ-WARM&limit=5')).items[0]?.name).toBe('zzwarm optic renamed');
    // The unfiltered list keeps rows as well: the first page shows the renamed product where it sorts.
    const page = await list('sort=name&order=desc&limit=500');
    expect(page.items.find((i) => i.part_number === 'ZZ-WARM-1')?.name).toBe('zzwarm optic renamed');
  });

  it('prices (POST /api/prices and the price import): the list shows the latest price; a price does not drop what the list keeps', async () => {
    const page = await list('q=ZZ-WARM-1');
    const product = page.items[0]!;
    const kept = revision();
    const post = await fetch(`${t.url}/api/prices`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ transceiver_id: product.id, vendor_id: FX.shopB, price: 777, currency: 'USD', observed_at: '2026-01-02T00:00:00.000Z' }),
    });
    expect(post.status, await post.clone().text()).toBe(201);
    expect(revision()).toBe(kept);
    expect((await list('q=ZZ-WARM-1')).items[0]?.current_price).toMatchObject({ price: 777, currency: 'USD', demo: false });
    await importJson('prices', [{ transceiver: product.id, vendor_id: FX.shopA, price: 812.5, currency: 'USD', observed_at: '2026-01-03T00:00:00.000Z' }]);
    expect((await list('q=ZZ-WARM-1')).items[0]?.current_price).toMatchObject({ price: 812.5, vendor_name: 'Fixture Shop A' });
  });

  it('the market intake of a new product (the scrapers write the row, then report it): the list finds it', async () => {
    expect((await list('q=zzscraped')).total).toBe(0);
    const id = '00000000-0000-4000-8000-00000000a001';
    db.sqlite.transaction(() => {
      db.sqlite
        .prepare(
          `INSERT INTO transceivers (id, slug, vendor_id, part_number, name, form_factor, speed_gbps, fiber_type, wdm_type, data_confidence)
           VALUES (?, 'fx-shop-b-zz-scraped-1', ?, 'ZZ-SCRAPED-1', 'zzscraped module', 'QSFP28', 100, 'SMF', 'none', 'scraped_unverified')`,
        )
        .run(id, FX.shopB);
      intakeMarketRecord(db, RULES, { kind: 'product', transceiverId: id, change: 'created' });
    })();
    expect((await list('q=zzscraped')).items.map((i) => i.id)).toEqual([id]);
  });

  it('a vendor renamed after its rows were kept: the rows show the new name', async () => {
    const before = (await list('q=ZZ-WARM-1')).items[0]!;
    expect(before.vendor_name).toBe('Fixture Shop A');
    db.sqlite.prepare("UPDATE vendors SET name = 'Fixture Shop A (renamed)' WHERE id = ?").run(FX.shopA);
    expect((await list('q=ZZ-WARM-1')).items[0]?.vendor_name).toBe('Fixture Shop A (renamed)');
  });

  it('a delete and a rolled-back write: the list answers what is committed', async () => {
    expect((await list('q=zzscraped')).total).toBe(1);
    expect(() =>
      db.sqlite.transaction(() => {
        db.sqlite.prepare("UPDATE transceivers SET name = 'zzghost module' WHERE part_number = 'ZZ-SCRAPED-1'").run();
        // Read inside the writer's transaction: the uncommitted row, and nothing kept from it.
        expect(listTransceivers(db, { sort: 'part_number', order: 'asc', text: 'zzghost' }, 20, 0).total).toBe(1);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect((await list('q=zzghost')).total).toBe(0);
    expect((await list('q=zzscraped')).total).toBe(1);
    db.sqlite.prepare("DELETE FROM transceivers WHERE part_number = 'ZZ-SCRAPED-1'").run();
    expect((await list('q=zzscraped')).total).toBe(0);
  });

  it('another process (the CLI import) writing the same file: the running service lists its rows at once', async () => {
    expect((await list('q=zzcli')).total).toBe(0);
    const warm = await list('q=ZZ-WARM-1');
    const file = join(t.dataDir, 'cli-import.json');
    writeFileSync(file, JSON.stringify([record('ZZ-CLI-1', 'zzcli optic'), record('ZZ-WARM-1', 'zzwarm optic from the cli')]));
    const result = await run(TSX, ['src/cli.ts', 'import', 'transceivers', file], { env: { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' } });
    expect(result.stdout).toContain('1 new, 1 updated');
    expect((await list('q=zzcli')).items.map((i) => i.part_number)).toEqual(['ZZ-CLI-1']);
    const after = await list('q=ZZ-WARM-1');
    expect(after.items[0]?.id).toBe(warm.items[0]?.id);
    expect(after.items[0]?.name).toBe('zzwarm optic from the cli');
  }, 60_000);

  it('raises the revision on every write to transceivers and vendors, and only on those', () => {
    const steps: Array<[string, () => void, boolean]> = [
      ['insert a product', () => db.sqlite.prepare("UPDATE transceivers SET description = 'x' WHERE part_number = 'ZZ-CLI-1'").run(), true],
      [
        'insert a vendor',
        () => db.sqlite.prepare("INSERT INTO vendors (id, name, kind, is_demo) VALUES ('zz-vendor', 'ZZ Vendor', 'competitor', 1)").run(),
        true,
      ],
      ['rename a vendor', () => db.sqlite.prepare("UPDATE vendors SET name = 'ZZ Vendor 2' WHERE id = 'zz-vendor'").run(), true],
      ['delete a vendor', () => db.sqlite.prepare("DELETE FROM vendors WHERE id = 'zz-vendor'").run(), true],
      ['change a setting', () => db.sqlite.prepare("INSERT OR REPLACE INTO app_settings (key, value) VALUES ('zz.test', '1')").run(), false],
    ];
    for (const [what, write, raises] of steps) {
      const before = revision();
      write();
      expect(revision() > before, what).toBe(raises);
    }
  });
});

describe('text query on generated rows: the trigram index, the substring scan and the plain rule agree, cold and kept', () => {
  let dir: string;
  let db: AppDatabase;
  const ROWS = 3000;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-list-generated-'));
    db = openMigratedDatabase(loadConfig({ DATA_DIR: dir })).db;
    await insertReferenceData(db);
    const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify(generateTransceivers(ROWS, 0)), now: () => 0 });
    expect(report.bad_rows).toBe(0);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same pages and totals (exact, or a bound the scan confirms) for every sort and order, across the bound', () => {
    const all = db.sqlite.prepare('SELECT id, part_number, name, form_factor, standard FROM transceivers').all() as Array<Record<string, string | null>>;
    expect(all.length).toBe(ROWS);
    const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const reference = (q: string) => {
      const words = [...new Set(q.split(/\s+/).filter((w) => w !== ''))].map(fold);
      return all.filter((r) => words.every((w) => [r.part_number, r.name, r.form_factor, r.standard ?? ''].some((v) => fold(v ?? '').includes(w)))).length;
    };
    // Broad (more matches than the bound: BX-, sfp, -1, 10, G), a short word alone and with an indexed one, narrow, none.
    const queries = ['BX-', 'sfp', '-1', '10 G', 'LR4', 'qsfp28 lr4', 'LR', 'qsfp28 lr', '000123', '#12', 'OSFP224 dr8', 'cwdm4 2', 'zz', '1.6T'];
    const orders: Array<Partial<TransceiverQuery>> = [
      ...TRANSCEIVER_SORT_FIELDS.flatMap((sort) => SORT_ORDERS.map((order) => ({ sort, order }))),
      { fiberType: 'SMF' },
    ];
    let bounded = 0;
    for (const q of queries) {
      const expected = reference(q);
      for (const extra of orders) {
        for (const offset of [0, 20, 980, 1000, 1500]) {
          const f: TransceiverQuery = { sort: 'part_number', order: 'asc', text: q, ...extra };
          const cold = db.sqlite.transaction(() => listTransceivers(db, f, 20, offset, 'scan'))();
          const indexed = listTransceivers(db, f, 20, offset, 'index');
          const kept = listTransceivers(db, f, 20, offset, 'index');
          const label = `${q} ${JSON.stringify(extra)} @${offset}`;
          const matches = extra.fiberType === undefined ? expected : cold.total;
          expect(cold.total, label).toBe(matches);
          expect(
            indexed.rows.map((r) => r.id),
            label,
          ).toEqual(cold.rows.map((r) => r.id));
          if (indexed.totalExact) expect(indexed.total, label).toBe(matches);
          else {
            bounded += 1;
            // A bound: never more than the matches, never fewer than the bound's 1,000, and one past the page.
            expect(indexed.total, label).toBeLessThanOrEqual(matches);
            expect(indexed.total, label).toBeGreaterThanOrEqual(Math.max(1000, offset + 21));
            expect(matches, label).toBeGreaterThan(1000);
          }
          expect(kept, label).toEqual(indexed);
        }
      }
      const exact = listTransceivers(db, { sort: 'part_number', order: 'asc', text: q }, 20, 0, 'index', 'exact');
      expect(exact.totalExact, q).toBe(true);
      expect(exact.total, q).toBe(expected);
    }
    // The broad queries did answer with a bound (else this test would not reach the walk's bounded path).
    expect(bounded).toBeGreaterThan(100);
  }, 120_000);
});

describe("a broad text query's first page (the in-memory walk) after writes", () => {
  let dir: string;
  let db: AppDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-list-walk-'));
    db = openMigratedDatabase(loadConfig({ DATA_DIR: dir })).db;
    await insertReferenceData(db);
    // More rows than a walk reads before it asks the trigram index whether a query of several words is narrow (20,000).
    const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify(generateTransceivers(24_000, 0)), now: () => 0 });
    expect(report.bad_rows).toBe(0);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (text: string, sort: TransceiverQuery['sort'] = 'part_number') => listTransceivers(db, { sort, order: 'asc', text }, 5, 0, 'index');
  const scanned = (text: string, sort: TransceiverQuery['sort'] = 'part_number') =>
    db.sqlite.transaction(() => listTransceivers(db, { sort, order: 'asc', text }, 5, 0, 'scan'))();
  const expectLikeScan = (text: string, sort: TransceiverQuery['sort'] = 'part_number') => {
    const walked = page(text, sort);
    expect(walked.totalExact, text).toBe(false);
    expect(
      walked.rows.map((r) => r.part_number),
      text,
    ).toEqual(scanned(text, sort).rows.map((r) => r.part_number));
    return walked.rows.map((r) => r.part_number);
  };

  it('answers a broad query again, and pages inside what its first read found, from what that read kept, as the scan does', () => {
    const query: TransceiverQuery = { sort: 'part_number', order: 'asc', text: 'LR' };
    const first = listTransceivers(db, query, 20, 0, 'index');
    expect(first.totalExact).toBe(false);
    const scanned = listTransceivers(db, query, 40, 0, 'scan');
    expect(scanned.total).toBeGreaterThanOrEqual(first.total);
    expect(listTransceivers(db, query, 20, 0, 'index')).toEqual(first);
    const inside = listTransceivers(db, query, 10, 5, 'index');
    expect(inside.rows.map((r) => r.id)).toEqual(scanned.rows.slice(5, 15).map((r) => r.id));
    expect(inside).toMatchObject({ total: first.total, totalExact: false });
    // Past what was kept: walked again, still the scan's rows.
    const deeper = listTransceivers(db, query, 20, 1_200, 'index');
    expect(deeper.rows.map((r) => r.id)).toEqual(listTransceivers(db, query, 20, 1_200, 'scan').rows.map((r) => r.id));
  });

  it('answers queries of several words like the scan, broad, narrow and empty, past the walk budget', () => {
    // osfp224 lr4: each word matches thousands of rows, together none (the walk gives up after 20,000 rows and the
    // index counts 0); osfp224 dr8 #1: a few thousand; qsfp28 lr4 #2399: one; qsfp28 cwdm4: thousands, found early.
    for (const text of ['osfp224 lr4', 'osfp224 dr8 #1', 'qsfp28 lr4 #2399', 'qsfp28 cwdm4', 'cwdm4 qsfp28 BX', 'sfp+ lr', 'lr sfp+']) {
      for (const order of SORT_ORDERS) {
        for (const offset of [0, 990]) {
          const f: TransceiverQuery = { sort: 'name', order, text };
          const walked = listTransceivers(db, f, 20, offset, 'index');
          const scan = db.sqlite.transaction(() => listTransceivers(db, f, 20, offset, 'scan'))();
          const label = `${text} ${order} @${offset}`;
          expect(
            walked.rows.map((r) => r.id),
            label,
          ).toEqual(scan.rows.map((r) => r.id));
          if (walked.totalExact) expect(walked.total, label).toBe(scan.total);
          else expect(walked.total, label).toBeGreaterThanOrEqual(1000);
          expect(walked.total, label).toBeLessThanOrEqual(scan.total);
        }
      }
    }
    expect(listTransceivers(db, { sort: 'name', order: 'asc', text: 'osfp224 lr4' }, 20, 0, 'index')).toEqual({ total: 0, totalExact: true, rows: [] });
  }, 60_000);

  it('shows an inserted, a renamed and a deleted product at once (the walk is made again at the new revision)', async () => {
    // Made and kept at this revision: BX- matches all 24,000 rows, g (no trigram) every row but the 1.6T ones, so both walk.
    expect(expectLikeScan('BX-')[0]).toBe('BX-OSFP224-1600-000001');
    expectLikeScan('g', 'name');
    const importOne = async (part: string, name: string) => {
      const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify([lr4ImportRecord(FX.shopA, part, name)]), now: () => 1 });
      expect(report.bad_rows).toBe(0);
    };
    await importOne('BX-AAA-FIRST', '000 first G optic');
    expect(expectLikeScan('BX-')[0]).toBe('BX-AAA-FIRST');
    expect(expectLikeScan('g', 'name')[0]).toBe('BX-AAA-FIRST');
    db.sqlite.prepare("UPDATE transceivers SET part_number = 'ZZ-MOVED' WHERE part_number = 'BX-AAA-FIRST'").run();
    expect(expectLikeScan('BX-')[0]).toBe('BX-OSFP224-1600-000001');
    db.sqlite.prepare("UPDATE transceivers SET name = '0 renamed G optic' WHERE part_number = 'BX-OSFP224-1600-000001'").run();
    expect(expectLikeScan('g', 'name')[0]).toBe('BX-OSFP224-1600-000001');
    db.sqlite.prepare("DELETE FROM transceivers WHERE part_number = 'BX-OSFP224-1600-000001'").run();
    expect(expectLikeScan('BX-')).not.toContain('BX-OSFP224-1600-000001');
    expect(expectLikeScan('g', 'name')).not.toContain('BX-OSFP224-1600-000001');
  });
});
