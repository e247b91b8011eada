import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { listStoredComparables, refreshComparablePrices } from '../../../src/service/features/catalogue/comparables/comparable-prices.repository.js';
import { comparableProducts } from '../../../src/service/features/catalogue/comparables/comparables.repository.js';
import { getCurrencyRates, storeCurrencyRates } from '../../../src/service/features/catalogue/currency-rates/currency-rates.service.js';
import { demandRows } from '../../../src/service/features/catalogue/demand/demand.repository.js';
import { findFormFactor } from '../../../src/service/features/catalogue/form-factors/form-factors.repository.js';
import { importTableCounts } from '../../../src/service/features/catalogue/import/import.repository.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { findStandard, listStandards } from '../../../src/service/features/catalogue/standards/standards.repository.js';
import { listSwitches } from '../../../src/service/features/catalogue/switches/switches.repository.js';
import { insertScrapedProduct } from '../../../src/service/features/catalogue/transceivers/scraped-products.repository.js';
import { intakeOffer } from '../../../src/service/features/scrapers/offer-intake.js';
import type { ScrapedOffer } from '../../../src/service/features/scrapers/scraped-offer.js';
import { catalogueLookup } from '../../../src/service/features/scrapers/scrapers.repository.js';
import { readDataStatus } from '../../../src/service/features/seed/data-status.service.js';
import { applyOperatorBrand } from '../../../src/service/features/seed/seed.service.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { FX, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { anonymousViewer, signedInViewer } from '../../helpers/request-viewers.js';
import { dropTestDatabase, testDatabaseEnv } from '../../helpers/test-database.js';

/**
 * The catalogue's writes and the lookups they rely on, against a migrated database of the engine under test (the
 * postgres project runs this file on PostgreSQL): case-insensitive names, literal text search, JSON lists, the
 * conversion of prices, generated slugs and the all-or-nothing rule of the intake.
 */
describe('catalogue writes on the engine under test', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-writes-'));
  const NOW = Date.parse('2026-11-20T12:00:00.000Z');
  let db: AppDatabase;
  const count = async (table: string) => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db.kysely)).rows[0]!.n);
  const productId = async (slug: string) => (await sql<{ id: string }>`SELECT id FROM transceivers WHERE slug = ${slug}`.execute(db.kysely)).rows[0]!.id;
  const importRows = async (kind: 'transceivers' | 'switches' | 'prices' | 'demand', text: string, format: 'csv' | 'json' = 'csv') =>
    runImport(db, { kind, format, text, now: () => NOW });

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...(await testDatabaseEnv(dataDir)), LOG_LEVEL: 'silent' });
    db = (await openMigratedDatabase(config)).db;
    await insertFixtureCatalogue(db);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  });

  it('imports switches whose speeds list is found by any of its speeds, and replaces the port groups on a second import', async () => {
    const first = [{ vendor_id: FX.oem, model: 'FX-Leaf-48', role: 'Leaf', port_groups: '48xSFP28@10/25:downlink; 8xQSFP28@40/100:uplink' }];
    expect(await importRows('switches', JSON.stringify(first), 'json')).toMatchObject({ inserted: 1, committed: true });
    const speeds = async (speedGbps: number) => (await listSwitches(db, { speedGbps }, 10, 0)).rows.map((s) => s.model);
    expect(await speeds(25)).toEqual(['FX-Leaf-48']);
    expect(await speeds(40)).toEqual(['FX-Leaf-48']);
    expect(await speeds(400)).toEqual([]);
    expect((await listSwitches(db, { role: 'LEAF', text: 'leaf-4' }, 10, 0)).total).toBe(1);
    expect((await listSwitches(db, { text: 'leaf%' }, 10, 0)).total).toBe(0);
    const second = [{ vendor_id: FX.oem, model: 'FX-Leaf-48', port_groups: '32xQSFP28@100' }];
    expect(await importRows('switches', JSON.stringify(second), 'json')).toMatchObject({ inserted: 0, updated: 1 });
    expect(await speeds(25)).toEqual([]);
    expect(await count('switch_port_groups')).toBe(1);
  });

  it('imports prices once (the same file again is unchanged) and demand by SKU, in one transaction each', async () => {
    const csv = [
      'transceiver,vendor_id,price,currency,observed_at,in_stock',
      `fx-a-qsfp28-lr4,${FX.shopA},500,USD,2026-11-01,true`,
      `fx-a-qsfp28-lr4,${FX.shopA},400,USD,2026-11-08,false`,
    ].join('\n');
    const before = await importTableCounts(db);
    expect(await importRows('prices', csv)).toMatchObject({ inserted: 2, unchanged: 0 });
    expect(await importRows('prices', csv)).toMatchObject({ inserted: 0, unchanged: 2 });
    const after = await importTableCounts(db);
    expect(after.price_observations - before.price_observations).toBe(2);
    expect(after.price_changes - before.price_changes).toBe(1);
    // A 20 % cut and running out of stock at a competitor: two alerts.
    expect(after.competitor_alerts - before.competitor_alerts).toBe(2);

    expect(
      await importRows('demand', 'sku,description,velocity_class,form_factor,is_internal\nFX-W-1,Optic 100% tested,fast,qsfp28,true\nFX-W-2,Other,slow,,'),
    ).toMatchObject({ inserted: 2 });
    expect(await importRows('demand', 'sku,description,velocity_class\nFX-W-2,Other renamed,medium')).toMatchObject({ updated: 1 });
    const skus = async (viewer: ReturnType<typeof anonymousViewer>, filter: Parameters<typeof demandRows>[2]) =>
      (await demandRows(db, viewer, filter)).map((r) => r.sku);
    expect(await skus(signedInViewer(), { form_factor: 'QSFP28' })).toEqual(['FX-W-1']);
    expect(await skus(signedInViewer(), { text: '100%' })).toEqual(['FX-W-1']);
    expect(await skus(signedInViewer(), { text: 'ptic 1' })).toEqual(['FX-W-1']);
    expect(await skus(signedInViewer(), { text: 'RENAMED' })).toEqual(['FX-W-2']);
    expect(await skus(anonymousViewer(), { text: '100%' })).toEqual([]);
  });

  it('finds standards and form factors by any case, and searches their text with % taken literally', async () => {
    expect((await findStandard(db, '100gbase-lr4'))?.name).toBe('100GBASE-LR4');
    expect((await findFormFactor(db, 'qsfp28'))?.name).toBe('QSFP28');
    expect((await listStandards(db, { category: 'ETHERNET', text: 'lan-wdm' })).map((s) => s.name)).toEqual(['100GBASE-LR4']);
    expect(await listStandards(db, { text: '%' })).toEqual([]);
  });

  it('converts comparable prices with the latest stored rate, in the live query and the stored records', async () => {
    const lr4 = await productId('fx-op-qsfp28-lr4');
    const stored = await storeCurrencyRates(
      db,
      [
        { currency: 'EUR', rate_to_usd: 1.1, as_of: '2026-11-01', source: 'test bank' },
        { currency: 'EUR', rate_to_usd: 1.25, as_of: '2026-11-10', source: 'test bank' },
      ],
      () => NOW,
    );
    expect(stored.stored).toBe(2);
    expect((await getCurrencyRates(db)).items.map((r) => [r.as_of, r.in_use])).toEqual([
      ['2026-11-10', true],
      ['2026-11-01', false],
    ]);
    const inEur = (await comparableProducts(db, lr4, 'EUR')).find((c) => c.slug === 'fx-a-qsfp28-lr4')!;
    // The latest USD price (400) at 1 / 1.25 EUR per USD.
    expect(inEur).toMatchObject({ price: 400, currency: 'USD', converted_amount: 320, conversion_rate: 0.8, rate_as_of: '2026-11-10' });
    expect(await refreshComparablePrices(db)).toBeGreaterThan(0);
    const records = await listStoredComparables(db, lr4, 'EUR', 10, 0);
    expect(records.rows.find((r) => r.competitor_slug === 'fx-a-qsfp28-lr4')).toMatchObject({ price: 400, converted_amount: 320 });
  });

  it('gives a scraped product the next free slug, and stores an offer with its product or not at all', async () => {
    const base = {
      vendor_id: FX.shopB,
      name: 'Scraped',
      form_factor: 'QSFP28',
      speed_gbps: 100,
      standard: '100GBASE-LR4',
      fiber_type: 'SMF',
      reach_meters: 10000,
      product_page_url: null,
      nowIso: '2026-11-20T10:00:00.000Z',
    };
    const first = await insertScrapedProduct(db, { ...base, part_number: 'FXB SCR 1' });
    const second = await insertScrapedProduct(db, { ...base, part_number: 'FXB-SCR-1' });
    const slugs = (
      await sql<{ slug: string; wdm_type: string }>`SELECT slug, wdm_type FROM transceivers WHERE id IN (${first}, ${second}) ORDER BY slug`.execute(db.kysely)
    ).rows;
    // Products of the same standard lend the new one their WDM type.
    expect(slugs).toEqual([
      { slug: 'fx-shop-b-fxb-scr-1', wdm_type: 'LWDM' },
      { slug: 'fx-shop-b-fxb-scr-1-2', wdm_type: 'LWDM' },
    ]);
    expect((await catalogueLookup(db).byPartNumber(FX.shopB, ' fxb-scr-1 ')).map((p) => p.id)).toEqual([second]);

    const deps = { db, alertRules: { priceAlertThresholdPct: 5 }, nowIso: '2026-11-20T11:00:00.000Z', stored: new Set<string>() };
    const offer: ScrapedOffer = {
      name: 'Scraped LR4',
      partNumber: 'FXB-SCR-1',
      price: 350,
      currency: 'USD',
      inStock: 1,
      stockQty: null,
      productUrl: null,
      pageUrl: 'https://shop.test/p',
    } as ScrapedOffer;
    const create = {
      kind: 'create' as const,
      price: 350,
      currency: 'USD' as const,
      partNumber: 'FXB-SCR-1',
      attributes: { formFactor: 'QSFP28', speedGbps: 100, fiberType: 'SMF', reachMeters: 10000, standard: '100GBASE-LR4' },
    };
    const before = await importTableCounts(db);
    const refused = await intakeOffer(deps, FX.shopB, offer, create).catch((error: unknown) => error);
    expect(db.dialect.constraintViolation(refused)).toBe('unique');
    expect(await importTableCounts(db)).toEqual(before);
    const product = { id: second, vendor_id: FX.shopB, part_number: 'FXB-SCR-1', speed_gbps: 100 };
    const observe = { kind: 'observe' as const, product, price: 350, currency: 'USD' as const, matchedBy: 'part_number' as const };
    expect(await intakeOffer(deps, FX.shopB, offer, observe)).toMatchObject({ kind: 'stored', created: false });
    expect(await intakeOffer(deps, FX.shopB, offer, observe)).toEqual({ kind: 'repeated' });
    expect((await importTableCounts(db)).price_observations).toBe(before.price_observations + 1);
    // A stock figure beyond any real stock is a misread page: kept as unknown, neither stored as given nor refused by
    // PostgreSQL's integer column (which would lose the price with it).
    const later = { ...deps, nowIso: '2026-11-20T12:00:00.000Z', stored: new Set<string>() };
    expect(await intakeOffer(later, FX.shopB, { ...offer, price: 360, stockQty: 1e308 }, { ...observe, price: 360 })).toMatchObject({ kind: 'stored' });
    const latest = await sql<{ price: number; stock_qty: number | null }>`
      SELECT price, stock_qty FROM price_observations WHERE transceiver_id = ${second} ORDER BY observed_at DESC LIMIT 1`.execute(db.kysely);
    expect(latest.rows).toEqual([{ price: 360, stock_qty: null }]);
  });

  it('records the operator brand with the vendor row, and an import ends the demo status', async () => {
    await sql`INSERT INTO vendors (id, name, kind) VALUES ('operator', 'Old Name', 'operator') ON CONFLICT DO NOTHING`.execute(db.kysely);
    expect(await applyOperatorBrand(db, 'New Brand')).toBe(true);
    expect(await applyOperatorBrand(db, 'New Brand')).toBe(false);
    const status = await readDataStatus(db, 'Configured');
    expect(status).toMatchObject({ operator_brand: 'New Brand', demo: false, seed: null });
    expect(status.last_import_at).toBe(new Date(NOW).toISOString());
  });
});
