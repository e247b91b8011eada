import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import {
  listTransceivers,
  rebuildTransceiverTextIndex,
  type TextStrategy,
  type TransceiverQuery,
} from '../../../src/service/features/catalogue/transceivers/transceivers.repository.js';
import { createPrng } from '../../../scripts/seed-builder/prng.js';
import { lr4ImportRecord } from '../../helpers/generated-catalogue.js';

const NOW = Date.parse('2026-12-15T12:00:00.000Z');

interface Row {
  id: string;
  part_number: string;
  name: string;
  form_factor: string;
  standard: string | null;
}

/** The rule `q` promises, written without SQL: every word is a substring of one field, ignoring the case of ASCII letters only. */
function referenceMatches(rows: Row[], q: string): string[] {
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const words = [...new Set(q.split(/\s+/).filter((w) => w !== ''))].slice(0, 8).map(fold);
  return rows
    .filter((r) => words.every((w) => [r.part_number, r.name, r.form_factor, r.standard ?? ''].some((field) => fold(field).includes(w))))
    .map((r) => r.id)
    .sort();
}

/** Substrings of real field values (1 to 9 characters, some with their case flipped) and hand-picked awkward ones. */
function queries(rows: Row[]): string[] {
  const random = createPrng(17).next;
  const flip = (s: string) => [...s].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
  const generated = Array.from({ length: 120 }, () => {
    const row = rows[Math.floor(random() * rows.length)]!;
    const fields = [row.part_number, row.name, row.form_factor, row.standard ?? row.name];
    const field = fields[Math.floor(random() * fields.length)]!;
    const length = 1 + Math.floor(random() * 9);
    const start = Math.floor(random() * Math.max(1, field.length - length));
    const slice = field.slice(start, start + length).trim() || field;
    return random() < 0.4 ? flip(slice) : slice;
  });
  const picked = [
    'LR4',
    'lr4',
    'Lr4',
    'QSFP28 LR4',
    'lr4 qsfp28',
    'qsfp28 LR',
    '100G',
    '100g sr4',
    'SR',
    'sr',
    'G',
    '4',
    '10',
    'km',
    'QSFP-DD',
    'SFP+',
    'sfp+ 10g',
    '1.6T',
    '800G',
    '400GBASE',
    '100GBASE-LR4',
    'GBASE-',
    '-',
    '+',
    '.',
    '/',
    '#',
    '%',
    '_',
    '100%',
    'a_b',
    '\\',
    '"',
    '""',
    "'",
    'LR4"',
    '"LR4"',
    '(',
    ')',
    '*',
    'LR*',
    '^LR',
    'NEAR',
    'AND',
    'OR',
    'NOT',
    'lr4 AND',
    'col:lr4',
    '{x}',
    'ü',
    'Ü',
    'für',
    'FÜR',
    'µm',
    'é',
    'É',
    'ß',
    '中文',
    '光模块',
    '🚀',
    'x🚀y',
    'Straße',
    'STRASSE',
    'modul',
    'MODUL',
    'zz-no-such-part',
    'qsfp28 zz-no-such-part',
    'lr4 lr4 LR4',
    '\ud800abc',
    'a\u0301bc',
    '\u200bLR4',
    '\t\nLR4',
  ];
  return [...picked, ...generated];
}

describe('the catalogue text query through the trigram index (migrations/012)', () => {
  let dir: string;
  let db: AppDatabase;
  const all = () => db.sqlite.prepare('SELECT id, part_number, name, form_factor, standard FROM transceivers').all() as Row[];
  const ids = async (q: string, strategy: TextStrategy, extra: Partial<TransceiverQuery> = {}) => {
    const page = listTransceivers(db, { sort: 'part_number', order: 'asc', text: q, ...extra }, 500, 0, strategy);
    return { total: page.total, totalExact: page.totalExact, ids: page.rows.map((r) => r.id) };
  };
  /**
   * Index and scan give the same page in the same order and, where the index's total is exact, the same total; a
   * bounded total (a broad query's first read) is at most the scan's and promises the next page (total > 500).
   */
  const expectSame = async (q: string, extra: Partial<TransceiverQuery> = {}) => {
    const indexed = await ids(q, 'index', extra);
    const scanned = await ids(q, 'scan', extra);
    expect(scanned.totalExact).toBe(true);
    expect(indexed.ids, q).toEqual(scanned.ids);
    if (indexed.totalExact) expect(indexed.total, q).toBe(scanned.total);
    else {
      expect(indexed.total, q).toBeLessThanOrEqual(scanned.total);
      expect(indexed.total, q).toBeGreaterThan(500);
    }
    return scanned;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-text-index-'));
    const config = loadConfig({ DATA_DIR: dir });
    db = openMigratedDatabase(config).db;
    await seedCatalogue(db, { resourcesDir: config.resourcesDir, operatorBrand: 'Test Brand Optics', now: NOW });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('indexes every seeded product (the seed reload went through the triggers)', () => {
    const indexed = db.sqlite.prepare('SELECT count(*) AS n FROM transceiver_text_index WHERE transceiver_text_index MATCH \'"sfp"\'').get() as { n: number };
    const scanned = db.sqlite
      .prepare("SELECT count(*) AS n FROM transceivers WHERE lower(part_number || name || form_factor || coalesce(standard, '')) LIKE '%sfp%'")
      .get() as { n: number };
    expect(scanned.n).toBeGreaterThan(100);
    expect(indexed.n).toBe(scanned.n);
  });

  it('finds the same rows as the substring scan and the plain rule, for many queries on the seed', async () => {
    const rows = all();
    expect(rows.length).toBe(1168);
    let nonEmpty = 0;
    for (const q of queries(rows)) {
      const { total, ids: page } = await expectSame(q);
      const expected = referenceMatches(rows, q);
      expect(total, q).toBe(expected.length);
      if (total <= 500) expect([...page].sort(), q).toEqual(expected);
      if (total > 0) nonEmpty += 1;
    }
    // The generated substrings come from real rows, so most queries must find something.
    expect(nonEmpty).toBeGreaterThan(110);
    // Some 200 queries, each scanned: slow on a loaded machine, and the time says nothing about the index.
  }, 180_000);

  it('answers a word holding NUL (which ends an FTS5 string) as the scan does, instead of failing', async () => {
    for (const q of ['\u0000abc', 'abc\u0000', 'LR4 ab\u0000cd', 'qsfp\u0000']) await expectSame(q);
  });

  it('agrees with the scan combined with other filters, other sort orders and deep pages', async () => {
    for (const q of ['LR4', 'qsfp 100G', 'sr', 'GBASE', '-4']) {
      await expectSame(q, { fiberType: 'SMF' });
      await expectSame(q, { sort: 'name', order: 'desc' });
      await expectSame(q, { sort: 'reach_meters', order: 'asc' });
      await expectSame(q, { order: 'desc' });
      for (const offset of [0, 20, 100]) {
        const indexed = listTransceivers(db, { sort: 'part_number', order: 'asc', text: q }, 20, offset, 'index');
        const scanned = listTransceivers(db, { sort: 'part_number', order: 'asc', text: q }, 20, offset, 'scan');
        expect(
          indexed.rows.map((r) => r.id),
          `${q} @${offset}`,
        ).toEqual(scanned.rows.map((r) => r.id));
      }
    }
  });

  it('stays in step with imports, edits, deletes and non-ASCII text, and rebuilds to the same state', async () => {
    const vendor = (db.sqlite.prepare('SELECT vendor_id FROM transceivers LIMIT 1').get() as { vendor_id: string }).vendor_id;
    const record = (part: string, name: string) => lr4ImportRecord(vendor, part, name);
    const text = JSON.stringify([record('ZQ-ÜBER-100', 'Glasfasermodul für Straße (demo)'), record('ZQ-plain-100', 'plain module')]);
    const report = await runImport(db, { kind: 'transceivers', format: 'json', text, now: () => NOW });
    expect(report.bad_rows).toBe(0);
    expect((await expectSame('für')).total).toBe(1);
    expect((await expectSame('ÜBER')).total).toBe(1);
    // LIKE ignores the case of ASCII letters only, and so does the index: ü does not find Ü.
    expect((await expectSame('über')).total).toBe(0);
    expect((await expectSame('zq-über')).total).toBe(0);
    expect((await expectSame('zq- -100')).total).toBe(2);

    // An update through the import renames a product: the old name leaves the index, the new one enters it.
    const renamed = JSON.stringify([{ ...record('ZQ-plain-100', 'renamed optic') }]);
    await runImport(db, { kind: 'transceivers', format: 'json', text: renamed, now: () => NOW + 1000 });
    expect((await expectSame('plain module')).total).toBe(0);
    expect((await expectSame('renamed optic')).total).toBe(1);

    // Writers other than the import (a future scraper, a cascade) go through the same triggers.
    db.sqlite.prepare("UPDATE transceivers SET name = 'ZQSTD-1 optic' WHERE part_number = 'ZQ-plain-100'").run();
    expect((await expectSame('zqstd')).total).toBe(1);
    db.sqlite.prepare("DELETE FROM transceivers WHERE part_number LIKE 'ZQ-%'").run();
    expect((await expectSame('zq-')).total).toBe(0);
    expect((await expectSame('zqstd')).total).toBe(0);

    const before = await ids('LR4', 'index');
    rebuildTransceiverTextIndex(db);
    expect(await ids('LR4', 'index')).toEqual(before);
    expect(before.totalExact).toBe(true);
    expect(before.total).toBeGreaterThan(0);
  });
});
