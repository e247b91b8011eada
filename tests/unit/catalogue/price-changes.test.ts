import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Page {
  total: number;
  items: Array<{ changed_at: string; old_price: number; new_price: number; slug: string; vendor_id: string; change_pct: number }>;
}

describe('GET /api/price-changes', () => {
  let t: TestService;
  let auth: { authorization: string };
  const get = async (query: string) => t.service.http.inject({ url: `/api/price-changes${query}`, headers: auth });
  beforeAll(async () => {
    t = await startTestService({ env: { SEED_ON_START: 'true' } });
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it("lists the seed's changes newest first, 20 by default, with the total", async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page;
    expect(page.items).toHaveLength(20);
    expect(page.total).toBeGreaterThan(1000);
    const times = page.items.map((i) => i.changed_at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const item of page.items) expect(item.change_pct).toBeCloseTo(((item.new_price - item.old_price) / item.old_price) * 100, 0);
  });

  it('pages without overlap and filters by direction, product and since', async () => {
    const first = (await get('?limit=5')).json() as Page;
    const second = (await get('?limit=5&offset=5')).json() as Page;
    expect(second.items[0]?.changed_at <= (first.items[4]?.changed_at ?? '')).toBe(true);
    const up = (await get('?direction=up&limit=50')).json() as Page;
    expect(up.items.every((i) => i.new_price > i.old_price)).toBe(true);
    const down = (await get('?direction=down&limit=50')).json() as Page;
    expect(down.items.every((i) => i.new_price < i.old_price)).toBe(true);
    expect(up.total + down.total).toBeLessThanOrEqual(first.total);
    const slug = first.items[0]?.slug as string;
    const one = (await get(`?transceiver=${slug}&limit=200`)).json() as Page;
    expect(one.total).toBeGreaterThan(0);
    expect(one.items.every((i) => i.slug === slug)).toBe(true);
    const since = first.items[0]?.changed_at.slice(0, 10) as string;
    const recent = (await get(`?since=${since}&limit=200`)).json() as Page;
    expect(recent.items.every((i) => i.changed_at >= since)).toBe(true);
  });

  it.each([['?limit=0'], ['?limit=201'], ['?direction=sideways'], ['?since=yesterday'], ['?colour=red']])('answers 400 to %s', async (query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toMatch(/limit|direction|since|colour|additional/i);
  });
});
