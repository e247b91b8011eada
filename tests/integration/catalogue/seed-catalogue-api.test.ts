import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, type SeedReport } from '../../../src/service/features/seed/seed.service.js';
import { REACH_CLASSES } from '../../../src/shared/vocabulary/reach-class.vocabulary.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Item {
  id: string;
  slug: string;
  vendor_id: string;
  vendor_kind: string;
  form_factor: string;
  speed_gbps: number;
  fiber_type: string;
  wavelengths: number[];
  reach_meters: number | null;
}

/** The catalogue API over the real seed data set (resources/seed/catalogue), through real HTTP. */
describe('catalogue API on the seed data set', () => {
  let t: TestService;
  let report: SeedReport;
  let headers: Record<string, string>;
  const get = async <T = Record<string, unknown>>(path: string): Promise<T> => {
    const response = await fetch(`${t.url}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    t = await startTestService({ listen: true });
    report = await seedCatalogue(t.service.ctx.db, { resourcesDir: t.service.config.resourcesDir, operatorBrand: 'Test Optics', now: Date.now() });
    headers = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('matches every word of q in any order across part number, name, form factor and standard', async () => {
    type Row = Item & { part_number: string; name: string; standard: string | null };
    const both = await get<{ total: number; items: Row[] }>('/api/transceivers?q=QSFP28%20LR4&limit=500');
    expect(both.total).toBeGreaterThan(0);
    for (const row of both.items) {
      const fields = [row.part_number, row.name, row.form_factor, row.standard ?? ''].join(' ').toLowerCase();
      expect(fields).toContain('qsfp28');
      expect(fields).toContain('lr4');
    }
    const reversed = await get<{ total: number; items: Row[] }>('/api/transceivers?q=LR4%20%20QSFP28&limit=500');
    expect(reversed.items.map((r) => r.id).sort()).toEqual(both.items.map((r) => r.id).sort());
    // Each word narrows: the pair finds fewer than either word alone, and a word nothing holds finds nothing.
    expect(both.total).toBeLessThan((await get<{ total: number }>('/api/transceivers?q=QSFP28&limit=1')).total);
    expect(both.total).toBeLessThan((await get<{ total: number }>('/api/transceivers?q=LR4&limit=1')).total);
    expect((await get<{ total: number }>('/api/transceivers?q=QSFP28%20nosuchword&limit=1')).total).toBe(0);
  });

  it('lists every seeded transceiver, and counts per form factor by join match the filtered totals', async () => {
    const all = await get<{ total: number }>('/api/transceivers?limit=1');
    expect(all.total).toBe(report.counts.transceivers);
    expect(all.total).toBeGreaterThan(1000);
    const ffs = await get<{ items: Array<{ name: string; transceiver_count: number }> }>('/api/form-factors');
    expect(ffs.items.reduce((sum, f) => sum + f.transceiver_count, 0)).toBe(all.total);
    for (const ff of ffs.items.filter((f) => f.transceiver_count > 0).slice(0, 6)) {
      const filtered = await get<{ total: number }>(`/api/transceivers?form_factor=${encodeURIComponent(ff.name)}&limit=1`);
      expect(filtered.total, ff.name).toBe(ff.transceiver_count);
    }
  });

  it('finds the 1.6T products under 1600 and "1.6T" alike', async () => {
    const byUnit = await get<{ total: number; items: Item[] }>('/api/transceivers?speed_gbps=1.6T');
    const byNumber = await get<{ total: number }>('/api/transceivers?speed_gbps=1600');
    expect(byUnit.total).toBeGreaterThan(0);
    expect(byUnit.total).toBe(byNumber.total);
    expect(byUnit.items.every((i) => i.speed_gbps === 1600)).toBe(true);
  });

  it('returns for an operator product only comparables that match by the rule, in the same reach class', async () => {
    const standards = await get<{ items: Array<{ name: string; reach_meters: number | null }> }>('/api/standards');
    const standardReach = new Map(standards.items.map((s) => [s.name, s.reach_meters]));
    // Effective reach: the product's when above 0, else its standard's; no class when neither is known.
    const classOf = (reach: number | null, standard: string | null) => {
      const meters = reach !== null && reach > 0 ? reach : standard === null ? null : (standardReach.get(standard) ?? null);
      if (meters === null || meters <= 0) return null;
      return REACH_CLASSES.find((c) => c.upToMeters === null || meters <= c.upToMeters)!.label;
    };
    const page = await get<{ items: Item[] }>('/api/transceivers?vendor=operator&form_factor=QSFP28&speed_gbps=100&fiber_type=SMF&limit=20');
    let checked = 0;
    for (const product of page.items) {
      const detail = await get<
        Item & {
          standard: string | null;
          comparable_products: Array<{
            vendor_id: string;
            comp_form_factor: string;
            comp_speed_gbps: number;
            comp_fiber_type: string;
            comp_wavelengths: number[];
            comp_reach_meters: number | null;
            comp_reach_class: string | null;
          }>;
        }
      >(`/api/transceivers/${product.slug}`);
      const own = classOf(detail.reach_meters, detail.standard);
      for (const c of detail.comparable_products) {
        expect(c.vendor_id).not.toBe('operator');
        expect([c.comp_form_factor, c.comp_speed_gbps, c.comp_fiber_type]).toEqual([detail.form_factor, detail.speed_gbps, detail.fiber_type]);
        expect(c.comp_wavelengths).toEqual(detail.wavelengths);
        if (c.comp_reach_meters !== null && c.comp_reach_meters > 0) expect(c.comp_reach_class).toBe(classOf(c.comp_reach_meters, null));
        if (own !== null && c.comp_reach_class !== null) expect(c.comp_reach_class).toBe(own);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('reports price coverage of about 70% and both languages for every standard', async () => {
    const coverage = await get<{ total: { ratio: number } }>('/api/coverage/prices');
    expect(coverage.total.ratio).toBeGreaterThan(0.6);
    expect(coverage.total.ratio).toBeLessThan(0.8);
    const standards = await get<{ total: number; items: Array<{ description_en: string; description_de: string }> }>('/api/standards');
    expect(standards.total).toBe(report.counts.standards);
    expect(standards.items.every((s) => s.description_en.length > 20 && s.description_de.length > 20)).toBe(true);
  });

  it('exports the whole catalogue as CSV that the import accepts without a bad row', async () => {
    const csv = await (await fetch(`${t.url}/api/transceivers.csv`, { headers })).text();
    const response = await fetch(`${t.url}/api/import/transceivers?dry_run=true`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ rows: report.counts.transceivers, bad_rows: 0, valid_rows: report.counts.transceivers, committed: false });
  });
});
