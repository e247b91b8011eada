import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueDataset } from '../../../src/service/features/seed/seed.files.js';
import { seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Provenance {
  origin: string;
  demo: boolean;
  generator: string | null;
  generated_on: string | null;
}

/** What the API says about where data came from: the demo data set, imports, and the status that drives the marker. */
describe('data provenance in the API', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const get = async (url: string) => {
    const response = await t.service.http.inject({ method: 'GET', url, headers: auth });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  beforeAll(async () => {
    t = await startTestService();
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('says nothing is demo data on an empty catalogue', async () => {
    expect(await get('/api/data-status')).toMatchObject({ demo: false, seed: null, last_import_at: null, notice: null });
    expect((await get('/api/health')).demo_data).toBe(false);
  });

  it('labels the seeded catalogue as demo: the status, every product and every seeded price', async () => {
    await seedCatalogue(t.service.ctx.db, { resourcesDir: t.service.config.resourcesDir, operatorBrand: 'Acme Optics', now: Date.now() });
    const { manifest } = readCatalogueDataset(t.service.config.resourcesDir);
    const status = await get('/api/data-status');
    expect(status).toMatchObject({
      demo: true,
      operator_brand: 'Acme Optics',
      seed: { version: manifest.version, as_of: manifest.as_of },
    });
    expect(status.notice).toContain("Acme Optics's");
    const days = (status.seed as { date_shift_days: number }).date_shift_days;
    expect(days).toBeGreaterThan(0);
    expect(status.notice).toContain(`moved by ${days} days`);
    expect((await get('/api/health')).demo_data).toBe(true);

    const page = await get('/api/transceivers?limit=500');
    expect(page.items.length).toBe(500);
    for (const item of page.items as Array<{ provenance: Provenance; vendor_id: string }>) {
      expect(item.provenance).toEqual({
        origin: 'seed',
        demo: true,
        generator: `scripts/seed-builder (catalogue data set ${manifest.version})`,
        generated_on: manifest.as_of,
      });
    }
    const operatorProduct = (page.items as Array<{ id: string; vendor_id: string }>).find((p) => p.vendor_id === 'operator')!;
    const detail = await get(`/api/transceivers/${operatorProduct.id}`);
    expect(detail.provenance.demo).toBe(true);
    expect(detail.current_prices.length).toBeGreaterThan(0);
    for (const price of detail.current_prices as Array<{ source: string }>) expect(price.source).toBe('seed');
  });

  it('never answers vendor_verified for a row of a fictional demo shop: list, filter, detail, CSV export, datasheet', async () => {
    const rows: Array<{ id: string; slug: string; vendor_kind: string; data_confidence: string }> = [];
    for (let offset = 0; ; offset += 500) {
      const page = await get(`/api/transceivers?limit=500&offset=${offset}`);
      rows.push(...page.items);
      if (rows.length >= page.total) break;
    }
    const shops = rows.filter((r) => r.vendor_kind === 'competitor');
    expect(shops.length).toBeGreaterThan(500);
    expect(shops.filter((r) => r.data_confidence === 'vendor_verified')).toEqual([]);
    const verified = await get('/api/transceivers?data_confidence=vendor_verified&limit=500');
    expect(verified.items.every((r: { vendor_kind: string }) => r.vendor_kind === 'operator')).toBe(true);
    const shop = shops.find((r) => r.data_confidence === 'enriched_estimated')!;
    expect((await get(`/api/transceivers/${shop.id}`)).data_confidence).toBe('enriched_estimated');
    const csv = await t.service.http.inject({ method: 'GET', url: '/api/transceivers.csv?vendor_kind=competitor', headers: auth });
    const shopLines = csv.body.split('\n').filter((line) => shops.some((r) => line.includes(r.id)));
    expect(shopLines.filter((line) => line.includes('vendor_verified'))).toEqual([]);
    const datasheet = await get(`/api/datasheets/transceiver/${shop.slug}`);
    expect(datasheet.product.data_confidence).not.toBe('vendor_verified');
  });

  it('an import turns the status off, marks the imported product as imported, and a reseed turns it back on', async () => {
    const target = (await get('/api/transceivers?limit=1')).items[0] as {
      slug: string;
      vendor_id: string;
      part_number: string;
      form_factor: string;
      speed_gbps: number;
      fiber_type: string;
      wdm_type: string;
    };
    const row = { ...target, name: 'Imported name', data_confidence: 'vendor_verified' };
    const fields = ['slug', 'vendor_id', 'part_number', 'name', 'form_factor', 'speed_gbps', 'fiber_type', 'wdm_type', 'data_confidence'] as const;
    const data = JSON.stringify([Object.fromEntries(fields.map((f) => [f, row[f]]))]);
    const imported = await t.service.http.inject({ method: 'POST', url: '/api/import/transceivers', headers: auth, payload: { format: 'json', data } });
    expect(imported.statusCode, imported.body).toBe(200);
    const status = await get('/api/data-status');
    expect(status.demo).toBe(false);
    expect(status.notice).toBeNull();
    expect(Date.parse(String(status.last_import_at))).not.toBeNaN();
    const product = (await get(`/api/transceivers?limit=500`)).items.find((p: { slug: string }) => p.slug === target.slug) as {
      provenance: Provenance;
      name: string;
    };
    expect(product.name).toBe('Imported name');
    expect(product.provenance).toEqual({ origin: 'import', demo: false, generator: null, generated_on: null });

    await seedCatalogue(t.service.ctx.db, { resourcesDir: t.service.config.resourcesDir, operatorBrand: 'Acme Optics', now: Date.now() + 60_000 });
    expect((await get('/api/data-status')).demo).toBe(true);
  });
});
