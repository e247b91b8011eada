import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchesForTransceiver } from '../../../src/service/features/sales/index.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

describe('switchesForTransceiver over the seeded catalogue', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ env: { SEED_ON_START: 'true' } });
  });
  afterAll(async () => t?.close());

  it('lists native and backwards-compatible port groups with the coding each maker wants', async () => {
    // A Cisco-coded 40G SR4 QSFP+ module: natively fits QSFP+ cages, backwards fits QSFP28 cages running 40G.
    const fits = await switchesForTransceiver(t.service.ctx.db, 'operator-qsfpp-40g-sr4-csc');
    expect(fits.length).toBeGreaterThan(10);
    const nexus = fits.find((f) => f.switch.slug === 'cisco-nexus-93180yc-fx' && f.port_group.form_factor === 'QSFP28');
    expect(nexus).toMatchObject({ fit: 'backward', maker_coding: 'Cisco', coding_match: 'maker', order: { slug: 'operator-qsfpp-40g-sr4-csc' } });
    const arista = fits.find((f) => f.switch.vendor_id === 'arista');
    expect(arista).toMatchObject({ maker_coding: 'Arista', coding_match: 'other' });
    expect(arista?.order?.platform_coding).toMatch(/^(Arista|MSA generic)$/);
    // Never a QSFP-DD port group: those switches run 100/200/400G only.
    expect(fits.some((f) => f.port_group.form_factor === 'QSFP-DD' || f.port_group.form_factor === 'OSFP')).toBe(false);
    expect(fits.every((f) => f.port_group.speeds_gbps.includes(40))).toBe(true);
  });

  it('accepts a UUID and a shop listing, and throws NotFound for an unknown product', async () => {
    const db = t.service.ctx.db;
    const [row] = (await sql<{ id: string }>`SELECT id FROM transceivers WHERE slug = 'operator-qsfpp-40g-sr4-csc'`.execute(db.kysely)).rows;
    expect((await switchesForTransceiver(db, row!.id)).length).toBe((await switchesForTransceiver(db, 'operator-qsfpp-40g-sr4-csc')).length);
    const [shop] = (
      await sql<{
        slug: string;
      }>`SELECT t.slug FROM transceivers t JOIN operator_product_map m ON m.transceiver_id = t.id WHERE t.form_factor = 'QSFP28' AND t.speed_gbps = 100 ORDER BY t.slug LIMIT 1`.execute(
        db.kysely,
      )
    ).rows;
    const shopFits = await switchesForTransceiver(db, shop!.slug);
    expect(shopFits.some((f) => f.order !== null)).toBe(true);
    await expect(switchesForTransceiver(db, 'no-such-module')).rejects.toMatchObject({ statusCode: 404 });
  });
});
