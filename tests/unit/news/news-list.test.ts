import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Page {
  total: number;
  items: Array<{ id: string; title: string; summary: string; published_at: string; tags: string[]; is_seed: boolean }>;
}

describe('GET /api/news', () => {
  let t: TestService;
  let auth: { authorization: string };
  const get = async (query: string) => t.service.http.inject({ url: `/api/news${query}`, headers: auth });
  beforeAll(async () => {
    t = await startTestService({ env: { SEED_ON_START: 'true' } });
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('lists all 33 seed articles newest first, labelled as seed', async () => {
    const page = (await get('?limit=100')).json() as Page;
    expect(page.total).toBe(33);
    expect(page.items).toHaveLength(33);
    const dates = page.items.map((i) => i.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.items.every((i) => i.is_seed)).toBe(true);
  });

  it('filters by text (case-insensitive, wildcards taken literally) and by tag, and pages', async () => {
    const page = (await get('?q=ZR&limit=100')).json() as Page;
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((i) => /zr/i.test(`${i.title} ${i.summary}`))).toBe(true);
    expect(((await get('?q=%25%25%25')).json() as Page).total).toBe(0);
    const all = (await get('?limit=100')).json() as Page;
    const tag = all.items.flatMap((i) => i.tags)[0] as string;
    const tagged = (await get(`?tag=${encodeURIComponent(tag)}&limit=100`)).json() as Page;
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.items.every((i) => i.tags.includes(tag))).toBe(true);
    const second = (await get('?limit=10&offset=10')).json() as Page;
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(10, 20).map((i) => i.id));
  });

  it.each([['?limit=101'], ['?q='], [`?q=${'x'.repeat(201)}`], ['?tag=Not A Tag'], ['?offset=-1']])('answers 400 to %s', async (query) => {
    expect((await get(query)).statusCode).toBe(400);
  });
});
