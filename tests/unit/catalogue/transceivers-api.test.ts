import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { FX, insertFixtureCatalogue, LAN_WDM } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Item {
  id: string;
  slug: string;
  speed_gbps: number;
  reach_meters: number | null;
  details_verified: boolean;
  vendor_id: string;
  wavelengths: number[];
  [key: string]: unknown;
}
interface Page {
  total: number;
  limit: number;
  offset: number;
  items: Item[];
}

describe('GET /api/transceivers', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const get = async (url: string) => t.service.http.inject({ method: 'GET', url, headers: auth });
  const page = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  /** The fixture rows only, whatever else (seed data) the database holds. */
  const fixtureSlugs = (p: Page) =>
    p.items
      .filter((i) => i.vendor_id.startsWith('fx-'))
      .map((i) => i.slug)
      .sort();

  beforeAll(async () => {
    t = await startTestService();
    await insertFixtureCatalogue(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('needs a token', async () => {
    const response = await t.service.http.inject({ method: 'GET', url: '/api/transceivers' });
    expect(response.statusCode).toBe(401);
  });

  it('pages with a total and the default limit of 50', async () => {
    const p = await page(`/api/transceivers?vendor=${FX.operator}`);
    expect(p.total).toBe(4);
    expect(p.limit).toBe(50);
    expect(p.items).toHaveLength(4);
    const second = await page(`/api/transceivers?vendor=${FX.operator}&limit=3&offset=3`);
    expect(second.total).toBe(4);
    expect(second.items).toHaveLength(1);
  });

  it('refuses a limit above 500', async () => {
    const response = await get('/api/transceivers?limit=501');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('limit');
  });

  it('filters by form factor (case-insensitive), speed, fiber, wdm, vendor, standard, confidence and text', async () => {
    expect(fixtureSlugs(await page('/api/transceivers?form_factor=sfp28'))).toEqual(['fx-op-sfp28-sr']);
    expect(fixtureSlugs(await page('/api/transceivers?speed_gbps=25'))).toEqual(['fx-op-sfp28-sr']);
    expect(fixtureSlugs(await page(`/api/transceivers?vendor=${FX.shopA}&fiber_type=MMF`))).toEqual(['fx-a-qsfp28-sr4']);
    expect(fixtureSlugs(await page(`/api/transceivers?vendor=${FX.operator}&wdm_type=PSM`))).toEqual(['fx-op-osfp-16t-dr8']);
    expect(fixtureSlugs(await page('/api/transceivers?standard=100gbase-lr4'))).toEqual(['fx-a-qsfp28-lr4', 'fx-op-qsfp28-lr4']);
    expect(fixtureSlugs(await page(`/api/transceivers?vendor=${FX.shopA}&data_confidence=enriched_estimated`))).toEqual([
      'fx-a-qsfp28-er4l',
      'fx-a-qsfp28-sr4',
    ]);
    expect(fixtureSlugs(await page('/api/transceivers?q=FXB-QSFP'))).toEqual(['fx-b-qsfp28-lr4']);
    expect(fixtureSlugs(await page('/api/transceivers?q=er4 lite'))).toEqual(['fx-a-qsfp28-er4l']);
  });

  it('treats % and _ in the text query literally', async () => {
    expect(fixtureSlugs(await page('/api/transceivers?q=FX%25LR4'))).toEqual([]);
  });

  it('reads 1.6T as 1600 (and 1600, "1600G" alike)', async () => {
    for (const speed of ['1.6T', '1.6t', '1600', '1600G']) {
      const p = await page(`/api/transceivers?vendor=${FX.operator}&speed_gbps=${speed}`);
      expect(
        p.items.map((i) => i.slug),
        speed,
      ).toEqual(['fx-op-osfp-16t-dr8']);
      expect(p.items[0]!.speed_gbps).toBe(1600);
    }
  });

  it('treats a reach of 0 as absent: it never falls inside a reach range', async () => {
    const lr = await page(`/api/transceivers?form_factor=QSFP28&fiber_type=SMF&reach_min=0&reach_max=10000`);
    const slugs = fixtureSlugs(lr);
    expect(slugs).toEqual(['fx-a-qsfp28-lr4', 'fx-op-qsfp28-lr4']);
    expect(slugs).not.toContain('fx-b-qsfp28-lr4');
    const upTo100 = await page(`/api/transceivers?reach_max=100&vendor=${FX.shopB}`);
    expect(upTo100.total).toBe(0);
    const far = await page('/api/transceivers?reach_min=20000&form_factor=QSFP28');
    expect(fixtureSlugs(far)).toEqual(['fx-a-qsfp28-er4l']);
  });

  it('sorts unknown reaches (0) last in both directions', async () => {
    for (const order of ['asc', 'desc']) {
      const p = await page(`/api/transceivers?form_factor=QSFP28&fiber_type=SMF&sort=reach_meters&order=${order}`);
      const fx = p.items.filter((i) => i.vendor_id.startsWith('fx-'));
      expect(fx.at(-1)!.slug, order).toBe('fx-b-qsfp28-lr4');
      const known = fx.slice(0, -1).map((i) => i.reach_meters as number);
      expect(known).toEqual([...known].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    }
  });

  it('sorts by a whitelisted field and refuses any other', async () => {
    const p = await page(`/api/transceivers?vendor=${FX.operator}&sort=speed_gbps&order=desc`);
    expect(p.items.map((i) => i.speed_gbps)).toEqual([1600, 100, 25, 10]);
    const bad = await get('/api/transceivers?sort=price; drop table transceivers');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/querystring\/sort must be one of: part_number, name, speed_gbps/);
  });

  it('pages through equal sort keys without repeating or skipping a row', async () => {
    const all = await page(`/api/transceivers?vendor=${FX.shopA}&sort=form_factor&limit=500`);
    const seen: string[] = [];
    for (let offset = 0; offset < all.total; offset += 2) {
      seen.push(...(await page(`/api/transceivers?vendor=${FX.shopA}&sort=form_factor&limit=2&offset=${offset}`)).items.map((i) => i.id));
    }
    expect(seen).toEqual(all.items.map((i) => i.id));
    expect(new Set(seen).size).toBe(all.total);
  });

  it('answers 400 naming the field and the allowed values for an unknown enumerated value', async () => {
    const fiber = await get('/api/transceivers?fiber_type=plastic');
    expect(fiber.statusCode).toBe(400);
    expect(fiber.json().message).toBe('querystring/fiber_type must be one of: SMF, MMF, copper, AOC');
    const wdm = await get('/api/transceivers?wdm_type=OTDM');
    expect(wdm.statusCode).toBe(400);
    expect(wdm.json().message).toContain('querystring/wdm_type must be one of: none, CWDM');
    const confidence = await get('/api/transceivers?data_confidence=sure');
    expect(confidence.json().message).toContain('vendor_verified, enriched_estimated, scraped_unverified');
    const ff = await get('/api/transceivers?form_factor=GBIC-9000');
    expect(ff.statusCode).toBe(400);
    expect(ff.json().message).toMatch(/^querystring\/form_factor must be one of: .*QSFP28/);
    const vendor = await get('/api/transceivers?vendor=nobody');
    expect(vendor.statusCode).toBe(400);
    expect(vendor.json().message).toContain('vendor');
    const speed = await get('/api/transceivers?speed_gbps=fast');
    expect(speed.statusCode).toBe(400);
    expect(speed.json().message).toContain('speed_gbps');
    const unknown = await get('/api/transceivers?colour=blue');
    expect(unknown.statusCode).toBe(400);
  });

  it('returns lists as numbers and flags as booleans', async () => {
    const p = await page('/api/transceivers?q=FXO-Q28-LR4');
    expect(p.items[0]!.wavelengths).toEqual(LAN_WDM);
    expect(p.items[0]!.details_verified).toBe(true);
    const unverified = await page('/api/transceivers?q=FXB-QSFP-LR4');
    expect(unverified.items[0]!.details_verified).toBe(false);
    const onlyVerified = await page(`/api/transceivers?vendor=${FX.shopB}&details_verified=true`);
    expect(onlyVerified.total).toBe(0);
  });

  it("carries each row's latest price in any shop, and null for a product never priced", async () => {
    const ids = (await page(`/api/transceivers?vendor=${FX.operator}`)).items;
    const priced = ids.find((i) => i.slug === 'fx-op-qsfp28-lr4')!;
    const insert = async (vendor_id: string, price: number, currency: string, observed_at: string, source = 'test') =>
      t.service.ctx.db.kysely
        .withTables<CatalogueTables>()
        .insertInto('price_observations')
        .values({ transceiver_id: priced.id, vendor_id, price, currency, observed_at, source })
        .execute();
    // The older observation is the cheaper one and comes from the other shop: the latest wins, not the lowest.
    await insert(FX.shopA, 310.5, 'USD', '2026-01-10T00:00:00.000Z');
    await insert(FX.shopB, 349, 'EUR', '2026-03-01T00:00:00.000Z');
    await insert(FX.shopA, 299, 'USD', '2025-12-01T00:00:00.000Z');
    const items = (await page(`/api/transceivers?vendor=${FX.operator}`)).items;
    const row = items.find((i) => i.slug === 'fx-op-qsfp28-lr4')!;
    expect(row.current_price).toEqual({ price: 349, currency: 'EUR', observed_at: '2026-03-01T00:00:00.000Z', vendor_name: expect.any(String), demo: false });
    expect((row.current_price as { vendor_name: string }).vendor_name).not.toBe('');
    const unpriced = items.filter((i) => i.slug !== 'fx-op-qsfp28-lr4');
    expect(unpriced.length).toBeGreaterThan(0);
    for (const item of unpriced) expect(item.current_price).toBeNull();
  });

  it('says a current price is a demo value exactly when its observation is a seed observation', async () => {
    const row = async () => (await page(`/api/transceivers?vendor=${FX.operator}`)).items.find((i) => i.slug === 'fx-op-qsfp28-lr4')!;
    const id = (await row()).id;
    const insert = async (price: number, observed_at: string, source: string) =>
      t.service.ctx.db.kysely
        .withTables<CatalogueTables>()
        .insertInto('price_observations')
        .values({ transceiver_id: id, vendor_id: FX.shopB, price, currency: 'EUR', observed_at, source })
        .execute();
    await insert(355, '2026-04-01T00:00:00.000Z', 'seed');
    expect((await row()).current_price).toMatchObject({ price: 355, demo: true });
    await insert(360, '2026-05-01T00:00:00.000Z', 'import');
    expect((await row()).current_price).toMatchObject({ price: 360, demo: false });
  });
});
