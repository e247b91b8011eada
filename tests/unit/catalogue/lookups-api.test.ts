import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { FX, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

describe('standards, form factors, vendors and switches', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const get = async (url: string) => t.service.http.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    t = await startTestService();
    await insertFixtureCatalogue(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
    const report = await runImport(t.service.ctx.db, {
      kind: 'switches',
      format: 'csv',
      now: Date.now,
      text: [
        'slug,vendor_id,model,series,role,port_groups',
        `fx-leaf-48,${FX.oem},FX-Leaf-48Y6C,FX Leaf,leaf,48xSFP28@10/25:downlink;6xQSFP28@40/100:uplink`,
        `fx-access-48,${FX.oem},FX-Access-48T4X,FX Access,access,48xSFP+@1/10:downlink`,
      ].join('\n'),
    });
    expect(report.errors).toEqual([]);
  });
  afterAll(async () => t?.close());

  it('lists form factors with transceiver_count from a join, and finds one case-insensitively', async () => {
    const list = (await get('/api/form-factors')).json();
    expect(list.total).toBe(list.items.length);
    const qsfp28 = list.items.find((f: { name: string }) => f.name === 'QSFP28');
    const counted = (await get('/api/transceivers?form_factor=QSFP28&limit=1')).json().total;
    expect(qsfp28.transceiver_count).toBe(counted);
    expect(qsfp28.transceiver_count).toBeGreaterThanOrEqual(5);
    // Without a language, the description is the whole bilingual text.
    expect(qsfp28.description).toBe(`${qsfp28.description_en}\n\n${qsfp28.description_de}`);
    const one = await get('/api/form-factors/qsfp28?lang=de');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ name: 'QSFP28', transceiver_count: counted });
    expect(one.json().description).toBe(one.json().description_de);
    expect(one.json().description_en).toBeTruthy();
    expect((await get('/api/form-factors/GBIC-9000')).statusCode).toBe(404);
    expect((await get('/api/form-factors?lang=fr')).json().message).toBe('querystring/lang must be one of: en, de');
  });

  it('lists and finds standards with both descriptions', async () => {
    const list = (await get('/api/standards?medium=single-mode&speed_gbps=100G')).json();
    expect(list.items.map((s: { name: string }) => s.name)).toContain('100GBASE-LR4');
    expect(list.items.every((s: { medium: string; speed_gbps: number }) => s.medium === 'single-mode' && s.speed_gbps === 100)).toBe(true);
    const lr4 = (await get('/api/standards/100gbase-lr4?lang=en')).json();
    expect(lr4).toMatchObject({ name: '100GBASE-LR4', lanes: 4, medium: 'single-mode', reach_meters: 10000 });
    expect(lr4.wavelengths).toEqual([1295.56, 1300.05, 1304.58, 1309.14]);
    expect(lr4.description).toBe(lr4.description_en);
    expect(lr4.description_de).toBeTruthy();
    const both = (await get('/api/standards/100gbase-lr4')).json();
    expect(both.description).toBe(`${lr4.description_en}\n\n${lr4.description_de}`);
    expect(lr4.transceiver_count).toBeGreaterThanOrEqual(2);
    expect((await get('/api/standards/100GBASE-XX9')).statusCode).toBe(404);
    expect((await get('/api/standards?medium=air')).statusCode).toBe(400);
  });

  it('lists vendors by kind with their counts, and finds one', async () => {
    const competitors = (await get('/api/vendors?kind=competitor')).json();
    expect(competitors.items.every((v: { kind: string }) => v.kind === 'competitor')).toBe(true);
    const shopA = competitors.items.find((v: { id: string }) => v.id === FX.shopA);
    expect(shopA).toMatchObject({ transceiver_count: 3, switch_count: 0, is_demo: true });
    const oem = (await get(`/api/vendors/${FX.oem}`)).json();
    expect(oem).toMatchObject({ kind: 'oem', switch_count: 2 });
    expect((await get('/api/vendors/nobody')).statusCode).toBe(404);
    expect((await get('/api/vendors?kind=reseller')).json().message).toBe('querystring/kind must be one of: operator, oem, competitor');
  });

  it('lists switches with their port groups and finds one by slug or UUID', async () => {
    const list = (await get(`/api/switches?vendor=${FX.oem}`)).json();
    expect(list.total).toBe(2);
    const leaf = (await get('/api/switches/fx-leaf-48')).json();
    expect(leaf.port_summary).toBe('48 x 25G SFP28 + 6 x 100G QSFP28');
    expect(
      leaf.port_groups.map((g: { port_count: number; form_factor: string; speeds_gbps: number[]; role: string }) => [
        g.port_count,
        g.form_factor,
        g.speeds_gbps,
        g.role,
      ]),
    ).toEqual([
      [48, 'SFP28', [10, 25], 'downlink'],
      [6, 'QSFP28', [40, 100], 'uplink'],
    ]);
    // The operator's fixture SFP28 (25G) fits the downlinks; its QSFP28 LR4 (100G) fits the uplinks.
    expect(leaf.port_groups.map((g: { operator_transceiver_count: number }) => g.operator_transceiver_count >= 1)).toEqual([true, true]);
    expect((await get(`/api/switches/${leaf.id}`)).json().slug).toBe('fx-leaf-48');
    const with25 = (await get(`/api/switches?vendor=${FX.oem}&speed_gbps=25G`)).json();
    expect(with25.items.map((s: { slug: string }) => s.slug)).toEqual(['fx-leaf-48']);
    const withSfpPlus = (await get(`/api/switches?vendor=${FX.oem}&form_factor=sfp%2B`)).json();
    expect(withSfpPlus.items.map((s: { slug: string }) => s.slug)).toEqual(['fx-access-48']);
    expect((await get('/api/switches/no-such-switch')).statusCode).toBe(404);
  });
});
