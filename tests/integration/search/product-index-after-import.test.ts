import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FX, FIXTURE_PRODUCTS, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Stats {
  complete: boolean;
  collections: Array<{ name: string; count: number; source_count: number; complete: boolean; progress: { state: string } }>;
}

const HEADER = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence,wavelengths,reach_meters,reach_label';
/** More than the 64 changed rows a search embeds inline: only a background sync can take these in. */
const IMPORTED = 300;

describe('products written through the API reach the product vector collection by themselves', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const stats = async () => {
    const response = await fetch(`${t.url}/search/stats`, { headers: auth });
    expect(response.status).toBe(200);
    return ((await response.json()) as Stats).collections.find((c) => c.name === 'product_embeddings');
  };

  beforeAll(async () => {
    t = await startTestService({ listen: true });
    await insertFixtureCatalogue(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
    await t.service.ctx.search.whenIdle();
  });
  afterAll(async () => t?.close());

  it('embeds an imported batch in the background, with no search to set it off, and stats show it meanwhile', async () => {
    expect((await stats())?.count).toBe(FIXTURE_PRODUCTS.length);
    const rows = Array.from({ length: IMPORTED }, (_, i) => `${FX.shopB},FXB-BULK-${i},Bulk module ${i},SFP28,25,MMF,none,scraped_unverified,850,100,100m`);
    const response = await fetch(`${t.url}/api/import/transceivers`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: [HEADER, ...rows].join('\n'),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { inserted: number }).inserted).toBe(IMPORTED);

    // Right after the import the collection is behind its source (or already building): never claimed complete.
    const right = await stats();
    expect(right?.source_count).toBe(FIXTURE_PRODUCTS.length + IMPORTED);
    expect(right?.complete === false || right?.count === FIXTURE_PRODUCTS.length + IMPORTED).toBe(true);

    await vi.waitFor(
      async () => {
        const now = await stats();
        expect(now).toMatchObject({ count: FIXTURE_PRODUCTS.length + IMPORTED, complete: true });
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it('catches up with rows written while a build was already running', async () => {
    const csv = (from: number) =>
      [
        HEADER,
        ...Array.from({ length: 100 }, (_, i) => `${FX.shopB},FXB-LATE-${from + i},Late module ${from + i},SFP28,25,MMF,none,scraped_unverified,850,100,100m`),
      ].join('\n');
    const post = (body: string) => fetch(`${t.url}/api/import/transceivers`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body });
    // Two imports back to back: the second lands while the first one's build runs.
    expect((await post(csv(0))).status).toBe(200);
    expect((await post(csv(100))).status).toBe(200);
    await vi.waitFor(async () => expect(await stats()).toMatchObject({ count: FIXTURE_PRODUCTS.length + IMPORTED + 200, complete: true }), {
      timeout: 20_000,
      interval: 100,
    });
  });
});
