import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinderOption, FinderResult, SwitchDatasheet } from '../../../src/shared/api/sales/finder.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

type Group = FinderResult['port_groups'][number];

const optionsAt = (groups: Group[], cage: string, speed: number): FinderOption[] =>
  groups.filter((g) => g.form_factor === cage).flatMap((g) => g.by_speed.filter((s) => s.speed_gbps === speed).flatMap((s) => s.options));

describe('GET /api/finder and GET /api/datasheets/switch/:id over the seeded catalogue', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const get = async (url: string) => t.service.http.inject({ method: 'GET', url, headers: auth });
  const find = async (text: string) => get(`/api/finder?switch=${encodeURIComponent(text)}`);

  beforeAll(async () => {
    t = await startTestService({ env: { SEED_ON_START: 'true' } });
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('matches a switch tolerantly: ordering id, case, dashes and spaces, prefix, series, slug and UUID', async () => {
    const pid = (await find('N9K-C93180YC-FX')).json<FinderResult>();
    expect(pid).toMatchObject({ matched_by: 'exact', switch: { slug: 'cisco-nexus-93180yc-fx', vendor_id: 'cisco', maker_coding: 'Cisco' } });
    expect((await find('n9k c93180yc fx')).json<FinderResult>().switch.slug).toBe('cisco-nexus-93180yc-fx');
    expect((await find('7280R3')).json<FinderResult>()).toMatchObject({ matched_by: 'substring', switch: { slug: 'arista-7280sr3-48yc8' } });
    expect((await find('DCS-7280SR3-48YC8')).json<FinderResult>()).toMatchObject({ matched_by: 'exact', switch: { slug: 'arista-7280sr3-48yc8' } });
    expect((await find('juniper qfx5120')).json<FinderResult>().switch.slug).toBe('juniper-qfx5120-48y');
    const bySlug = (await find('dell-s5232f-on')).json<FinderResult>();
    expect(bySlug).toMatchObject({ matched_by: 'slug', switch: { model: 'S5232F-ON' } });
    expect((await find(bySlug.switch.id)).json<FinderResult>()).toMatchObject({ matched_by: 'id', switch: { slug: 'dell-s5232f-on' } });
  });

  it('answers an ambiguous text with the best match and lists the alternatives', async () => {
    const ambiguous = (await find('93180YC')).json<FinderResult>();
    const both = ['cisco-nexus-93180yc-ex', 'cisco-nexus-93180yc-fx'];
    expect(both).toContain(ambiguous.switch.slug);
    expect(ambiguous.alternatives.map((a) => a.slug)).toEqual(both.filter((s) => s !== ambiguous.switch.slug));
    expect((await find('N9K-C93180YC-FX')).json<FinderResult>().alternatives).toEqual([]);
  });

  it('answers an unknown switch with 404 naming the closest models', async () => {
    const response = await find('Nexus 93180ZZ-FX');
    expect(response.statusCode).toBe(404);
    const body = response.json<{ message: string; details: { closest: Array<{ slug: string }> } }>();
    expect(body.details.closest).toHaveLength(5);
    expect(body.details.closest.map((c) => c.slug)).toContain('cisco-nexus-93180yc-fx');
    expect(body.message).toContain('Nexus 93180YC-FX');
    expect((await get('/api/finder')).json().message).toContain('switch');
    expect((await get('/api/finder?switch=x')).statusCode).toBe(400);
  });

  it("orders each maker's own coding, and MSA generic where the operator has no product in it", async () => {
    for (const [text, coding] of [
      ['N9K-C93180YC-FX', 'Cisco'],
      ['QFX5120-48Y', 'Juniper'],
      ['7280SR3-48YC8', 'Arista'],
      ['CX 8325-32C', 'HPE Aruba'],
      ['SN2700', 'NVIDIA'],
    ] as const) {
      const result = (await find(text)).json<FinderResult>();
      const options = result.port_groups.flatMap((g) => g.by_speed.flatMap((s) => s.options));
      expect(options.length).toBeGreaterThan(5);
      for (const o of options) {
        expect([coding, 'MSA generic']).toContain(o.coding_to_order);
        expect(o.product.platform_coding).toBe(o.coding_to_order);
        expect(o.coding_match).toBe(o.coding_to_order === coding ? 'maker' : 'generic');
      }
      expect(options.some((o) => o.coding_to_order === coding)).toBe(true);
    }
    // The Arista 25G ER line exists only in other codings and MSA generic: MSA generic is offered.
    const arista = (await find('7280SR3-48YC8')).json<FinderResult>();
    expect(optionsAt(arista.port_groups, 'SFP28', 25).some((o) => o.coding_to_order === 'MSA generic')).toBe(true);
  });

  it('offers backwards-compatible modules at the lower port speeds, with prices and stock', async () => {
    const nexus = (await find('N9K-C93180YC-FX')).json<FinderResult>();
    const at40 = optionsAt(nexus.port_groups, 'QSFP28', 40);
    expect(at40.length).toBeGreaterThan(0);
    expect(at40.every((o) => o.form_factor === 'QSFP+' && o.fit === 'backward')).toBe(true);
    expect(optionsAt(nexus.port_groups, 'SFP28', 10).every((o) => o.form_factor === 'SFP+' && o.fit === 'backward')).toBe(true);
    const at100 = optionsAt(nexus.port_groups, 'QSFP28', 100);
    expect(at100.every((o) => o.form_factor === 'QSFP28' && o.fit === 'native')).toBe(true);
    const reaches = at100.map((o) => o.reach_meters ?? Infinity);
    expect(reaches).toEqual([...reaches].sort((a, b) => a - b));
    const priced = at100.find((o) => o.prices.length > 0);
    expect(priced?.prices.map((p) => p.currency).sort()).toEqual(['GBP', 'USD']);
    expect(typeof priced?.prices[0]?.in_stock).toBe('boolean');
    expect(at100.every((o) => o.original_vendor === null)).toBe(true);
    // A QSFP-DD switch takes QSFP28 at 100G and QSFP56 at 200G backwards, but no OSFP module ever.
    const gx = (await find('9316D-GX')).json<FinderResult>();
    expect(optionsAt(gx.port_groups, 'QSFP-DD', 100).every((o) => o.form_factor === 'QSFP28' && o.fit === 'backward')).toBe(true);
    expect(optionsAt(gx.port_groups, 'QSFP-DD', 200).every((o) => o.form_factor === 'QSFP56')).toBe(true);
    const all = gx.port_groups.flatMap((g) => g.by_speed.flatMap((s) => s.options));
    expect(all.some((o) => o.form_factor.startsWith('OSFP'))).toBe(false);
  });

  it('lists breakouts: 400G DR4 to 4 x 100G DR and 100G PSM4 to 4 x 25G, with far-end products', async () => {
    const gx = (await find('9316D-GX')).json<FinderResult>();
    const dr4 = optionsAt(gx.port_groups, 'QSFP-DD', 400).find((o) => o.standard === '400GBASE-DR4');
    expect(dr4?.breakouts).toEqual([expect.objectContaining({ count: 4, far_end_speed_gbps: 100, far_end_standards: ['100GBASE-DR'] })]);
    const farEnds = dr4?.breakouts[0]?.far_end_products ?? [];
    expect(farEnds.length).toBeGreaterThan(0);
    expect(farEnds.every((f) => f.platform_coding === 'MSA generic')).toBe(true);
    const psm4 = optionsAt(gx.port_groups, 'QSFP-DD', 100).find((o) => o.standard === '100G-PSM4');
    expect(psm4?.breakouts[0]).toMatchObject({ count: 4, far_end_speed_gbps: 25 });
    expect(optionsAt(gx.port_groups, 'QSFP-DD', 400).find((o) => o.standard === '400GBASE-FR4')?.breakouts).toEqual([]);
  });

  it('serves the switch datasheet by slug before UUID, with a 404 naming the closest models', async () => {
    const db = t.service.ctx.db;
    const [fx] = (await sql<{ id: string; vendor_id: string }>`SELECT id, vendor_id FROM switches WHERE slug = 'cisco-nexus-93180yc-fx'`.execute(db.kysely))
      .rows;
    if (!fx) throw new Error('the seeded Nexus 93180YC-FX is missing');
    // A switch whose slug is another switch's UUID: the slug wins.
    await sql`INSERT INTO switches (id, slug, vendor_id, model) VALUES ('00000000-0000-4000-8000-000000000001', ${fx.id}, ${fx.vendor_id}, 'Slug Collision 1')`.execute(
      db.kysely,
    );
    try {
      const bySlug = (await get(`/api/datasheets/switch/${fx.id}`)).json<SwitchDatasheet>();
      expect(bySlug.switch.model).toBe('Slug Collision 1');
      const byUuid = await get('/api/datasheets/switch/00000000-0000-4000-8000-000000000001');
      expect(byUuid.json<SwitchDatasheet>().switch.slug).toBe(fx.id);
    } finally {
      await sql`DELETE FROM switches WHERE id = '00000000-0000-4000-8000-000000000001'`.execute(db.kysely);
    }
    const sheet = (await get('/api/datasheets/switch/cisco-nexus-93180yc-fx')).json<SwitchDatasheet>();
    expect(sheet.switch).toMatchObject({ model: 'Nexus 93180YC-FX', port_summary: '48 x 25G SFP28 + 6 x 100G QSFP28' });
    expect(sheet.port_groups.map((g) => g.form_factor)).toEqual(['SFP28', 'QSFP28']);
    expect(optionsAt(sheet.port_groups, 'QSFP28', 100).length).toBeGreaterThan(5);
    const missing = await get('/api/datasheets/switch/cisco-nexus-93180yc-zz');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ details: { closest: Array<{ slug: string }> } }>().details.closest[0]?.slug).toMatch(/^cisco-nexus-93180yc/);
  });
});
