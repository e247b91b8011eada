import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { listTransceivers, type TransceiverQuery } from '../../../src/service/features/catalogue/transceivers/transceivers.repository.js';
import { TRANSCEIVER_SORT_FIELDS } from '../../../src/shared/vocabulary/catalogue.vocabulary.js';
import { createPrng } from '../../../scripts/seed-builder/prng.js';
import { dropTestDatabase, testDatabaseEnv } from '../../helpers/test-database.js';

interface Row {
  id: string;
  vendor_id: string;
  part_number: string;
  name: string;
  form_factor: string;
  standard: string | null;
  platform_coding: string | null;
  speed_gbps: number;
  reach_meters: number | null;
}

const VENDORS = [
  { id: 'tq-a', name: 'Fixture Networks' },
  { id: 'tq-b', name: 'ÜBER Optik 100%_GmbH' },
  { id: 'tq-c', name: 'Plain Shop' },
];
const FORM_FACTORS = ['QSFP28', 'SFP+', 'QSFP-DD', 'OSFP224'];
const STANDARDS = ['100GBASE-LR4', '10GBASE-SR', '400GBASE-DR4'];
/** Pieces of names and part numbers, with the characters LIKE, FTS5 and PostgreSQL could read otherwise. */
const PIECES = ['LR4', 'sr', 'Modul', 'für', 'Straße', 'ÜBER', 'über', '100%', 'a_b', 'back\\slash', '"quoted"', 'x\u001fy', 'K', 'µm', '光模块', '-', '+'];
const CODINGS = [null, 'Cisco', 'Juniper', 'MSA generic', 'Arista 100%'];

/** The rule `q` promises, without SQL: every word is a substring of one field or of the vendor's name, ignoring the case of ASCII letters only. */
function referenceMatches(rows: Row[], q: string): Set<string> {
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const words = [...new Set(q.split(/\s+/).filter((w) => w !== ''))].slice(0, 8).map(fold);
  const vendorName = new Map(VENDORS.map((v) => [v.id, v.name]));
  return new Set(
    rows
      .filter((r) =>
        words.every((w) =>
          [r.part_number, r.name, r.form_factor, r.standard ?? '', r.platform_coding ?? '', vendorName.get(r.vendor_id)!].some((field) =>
            fold(field).includes(w),
          ),
        ),
      )
      .map((r) => r.id),
  );
}

function generate(count: number): Row[] {
  const random = createPrng(31).next;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    vendor_id: pick(VENDORS).id,
    // Repeated names, speeds and reaches give the sort ties to break by id.
    part_number: `TQ-${pick(PIECES)}-${i % 97}-${i}`,
    name: `${pick(PIECES)} ${pick(PIECES)} module ${i % 13}`,
    form_factor: pick(FORM_FACTORS),
    standard: random() < 0.3 ? null : pick(STANDARDS),
    platform_coding: pick(CODINGS),
    speed_gbps: pick([10, 100, 400]),
    reach_meters: random() < 0.1 ? null : random() < 0.1 ? 0 : pick([100, 2000, 10000]),
  }));
}

async function insertCatalogue(db: AppDatabase, rows: Row[]): Promise<void> {
  const k = db.kysely.withTables<CatalogueTables>();
  await db.transaction(async (tx) => {
    const t = tx.kysely.withTables<CatalogueTables>();
    await t
      .insertInto('vendors')
      .values(VENDORS.map((v) => ({ ...v, kind: 'competitor' as const })))
      .execute();
    await t
      .insertInto('form_factors')
      .values(
        FORM_FACTORS.map((name) => ({
          name,
          full_name: name,
          speed: '100G',
          max_speed_gbps: 1600,
          channels: 4,
          status: 'mainstream',
          description_en: '',
          description_de: '',
        })),
      )
      .execute();
    await t
      .insertInto('standards')
      .values(
        STANDARDS.map((name) => ({
          name,
          category: 'ethernet',
          speed_gbps: 100,
          lanes: 4,
          modulation: 'NRZ',
          medium: 'single-mode' as const,
          reach_label: '',
          body: 'IEEE',
          description_en: '',
          description_de: '',
        })),
      )
      .execute();
    for (let i = 0; i < rows.length; i += 200) {
      await t
        .insertInto('transceivers')
        .values(
          rows.slice(i, i + 200).map((r) => ({
            ...r,
            slug: `tq-${r.id}`,
            fiber_type: 'SMF',
            wdm_type: 'none',
            data_confidence: 'scraped_unverified' as const,
          })),
        )
        .execute();
    }
  });
  expect(
    Number(
      (
        await k
          .selectFrom('transceivers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  ).toBe(rows.length);
}

describe('the catalogue list and its text query', () => {
  let dir: string;
  let db: AppDatabase;
  const rows = generate(900);
  const list = (f: Partial<TransceiverQuery>, limit = 10_000, offset = 0) => listTransceivers(db, { sort: 'part_number', order: 'asc', ...f }, limit, offset);
  const expectRule = async (q: string, extra: Partial<TransceiverQuery> = {}) => {
    const page = await list({ text: q, ...extra });
    const expected = referenceMatches(rows, q);
    expect(page.total, JSON.stringify(q)).toBe(expected.size);
    expect(new Set(page.rows.map((r) => r.id)), JSON.stringify(q)).toEqual(expected);
    return page;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-text-query-'));
    db = (await openMigratedDatabase(loadConfig({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) }))).db;
    await insertCatalogue(db, rows);
  });
  afterAll(async () => {
    await db?.close();
    await dropTestDatabase(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds exactly the rows of the plain rule (same rows as a substring scan), for generated and awkward queries', async () => {
    const random = createPrng(7).next;
    const flip = (s: string) => [...s].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');
    const generated = Array.from({ length: 80 }, () => {
      const row = rows[Math.floor(random() * rows.length)]!;
      const field = [row.part_number, row.name, row.form_factor, row.standard ?? row.name, row.platform_coding ?? row.name][Math.floor(random() * 5)]!;
      const length = 1 + Math.floor(random() * 8);
      const start = Math.floor(random() * Math.max(1, field.length - length));
      const slice = field.slice(start, start + length).trim() || field;
      return random() < 0.4 ? flip(slice) : slice;
    });
    const awkward = [
      'LR4',
      'lr4 qsfp28',
      'sr',
      'S',
      'cisco',
      'JUNIPER lr4',
      'fixture',
      'fixture networks lr4',
      'networks qsfp',
      'über',
      'ÜBER',
      'Über',
      'für',
      'FÜR',
      'straße',
      'STRASSE',
      'k',
      'K',
      'µm',
      '光模块',
      '%',
      '100%',
      '_',
      'a_b',
      'a%b',
      '\\',
      'back\\slash',
      '"',
      '"quoted"',
      "'",
      'x\u001fy',
      '\u001f',
      'module\u001f',
      '*',
      'NEAR',
      'AND',
      'lr4 AND',
      'col:lr4',
      '-',
      '+',
      'zz-no-such-part',
      'lr4 lr4 LR4',
      '\ud800abc',
      '\u200bLR4',
      '\t\nLR4  sr ',
      'a b c d e f g h lr4',
    ];
    let nonEmpty = 0;
    for (const q of [...awkward, ...generated]) if ((await expectRule(q)).total > 0) nonEmpty += 1;
    expect(nonEmpty).toBeGreaterThan(80);
  }, 120_000);

  it('matches nothing, without failing, for a word holding NUL (no stored text holds one on PostgreSQL)', async () => {
    for (const q of ['\u0000', '\u0000abc', 'abc\u0000', 'LR4 ab\u0000cd']) {
      expect(await list({ text: q })).toEqual({ total: 0, rows: [] });
    }
  });

  it('combines the text with other filters, and counts exactly past the first page', async () => {
    const page = await list({ text: 'lr4', formFactor: 'QSFP28' });
    const expected = rows.filter((r) => r.form_factor === 'QSFP28' && referenceMatches(rows, 'lr4').has(r.id)).map((r) => r.id);
    expect(page.total).toBe(expected.length);
    expect(new Set(page.rows.map((r) => r.id))).toEqual(new Set(expected));
    const broad = referenceMatches(rows, 'module');
    const first = await list({ text: 'module' }, 20, 0);
    expect(first.total).toBe(broad.size);
    expect(first.rows).toHaveLength(20);
    const past = await list({ text: 'module' }, 20, broad.size + 5);
    expect(past).toEqual({ total: broad.size, rows: [] });
  });

  it('orders every sort in both directions, ties broken by id, unknown reaches last, and pages neither repeat nor skip', async () => {
    for (const sort of TRANSCEIVER_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        const whole = (await list({ sort, order })).rows;
        expect(whole).toHaveLength(rows.length);
        const paged = [];
        for (let offset = 0; offset < rows.length; offset += 37) paged.push(...(await list({ sort, order }, 37, offset)).rows);
        expect(
          paged.map((r) => r.id),
          `${sort} ${order}`,
        ).toEqual(whole.map((r) => r.id));
        const key = (r: (typeof whole)[number]): string | number | null => {
          if (sort === 'vendor') return r.vendor_id;
          if (sort === 'reach_meters') return r.reach_meters === 0 ? null : r.reach_meters;
          return r[sort];
        };
        for (let i = 1; i < whole.length; i++) {
          const [a, b] = [key(whole[i - 1]!), key(whole[i]!)];
          const label = `${sort} ${order} at ${i}`;
          if (sort === 'reach_meters' && (a === null || b === null)) {
            // Unknown reaches last whichever the direction.
            if (a === null) expect(b, label).toBeNull();
          } else if (a === b) {
            expect(order === 'asc' ? whole[i - 1]!.id < whole[i]!.id : whole[i - 1]!.id > whole[i]!.id, label).toBe(true);
          } else {
            expect(order === 'asc' ? a! < b! : a! > b!, label).toBe(true);
          }
        }
      }
    }
  }, 120_000);

  it('stays in step with inserts, renames and deletes of products and vendors', async () => {
    const k = db.kysely.withTables<CatalogueTables>();
    const zq = { ...rows[0]!, id: '00000000-0000-4000-8000-999999999999', part_number: 'ZQ-NEW-1', name: 'zqname optic' };
    await k
      .insertInto('transceivers')
      .values({ ...zq, slug: 'tq-zq', fiber_type: 'SMF', wdm_type: 'none', data_confidence: 'scraped_unverified' })
      .execute();
    expect((await list({ text: 'zqname' })).total).toBe(1);
    await k.updateTable('transceivers').set({ name: 'renamed zqother', platform_coding: 'Zqcoding' }).where('id', '=', zq.id).execute();
    expect((await list({ text: 'zqname' })).total).toBe(0);
    expect((await list({ text: 'zqother zqcoding' })).total).toBe(1);
    await k.updateTable('vendors').set({ name: 'Zqvendor Ltd' }).where('id', '=', 'tq-c').execute();
    const ofC = rows.filter((r) => r.vendor_id === 'tq-c').length + (zq.vendor_id === 'tq-c' ? 1 : 0);
    expect((await list({ text: 'zqvendor' })).total).toBe(ofC);
    await k.deleteFrom('transceivers').where('id', '=', zq.id).execute();
    expect((await list({ text: 'zqother' })).total).toBe(0);
  });
});
