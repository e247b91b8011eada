import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../helpers/test-service.js';
import { getJson, startSearchService } from './search-service.fixture.js';

describe('search endpoints over real HTTP', () => {
  let t: TestService;
  let token: string;
  beforeAll(async () => {
    t = await startSearchService({ listen: true });
    token = await t.login();
  });
  afterAll(async () => t?.close());

  it('requires a token on every search route', async () => {
    for (const path of ['/api/search?q=x', '/search/products?q=x', '/search/stats', '/search/documents?q=x', '/search/news?q=x']) {
      expect((await fetch(`${t.url}${path}`)).status).toBe(401);
    }
  });

  it('searches across collections; each hit carries collection, score, title, snippet and its record', async () => {
    const { status, body } = await getJson(t, token, '/api/search?q=pluggable%20coherent%20optics%20for%20data%20centre%20interconnect&limit=5');
    expect(status).toBe(200);
    expect(body.hits).toHaveLength(5);
    expect(body.index_complete).toBe(true);
    expect(body.provider).toBe('hash');
    const top = body.hits.map((h: any) => `${h.collection}:${h.id}`);
    expect(top).toContain('faq_embeddings:what-is-400zr');
    const faq = body.hits.find((h: any) => h.id === 'what-is-400zr');
    expect(faq.title).toBe('What is 400ZR?');
    expect(faq.snippet).toContain('Optical Internetworking Forum');
    expect(faq.record.category).toBe('coherent');
    const scores = body.hits.map((h: any) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('limits the search to the requested collections', async () => {
    const { body } = await getJson(t, token, '/api/search?q=RS-FEC&collections=troubleshooting_embeddings,faq_embeddings&limit=10');
    expect(body.hits.length).toBeGreaterThan(0);
    expect(new Set(body.hits.map((h: any) => h.collection))).toEqual(new Set(['troubleshooting_embeddings', 'faq_embeddings']));
  });

  it('answers 400 for an empty, blank or over-long query and for unknown collections, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['/api/search?q=', 'q'],
      ['/api/search', 'q'],
      ['/api/search?q=%20%20%20', 'q'],
      [`/api/search?q=${'a'.repeat(501)}`, 'q'],
      ['/search/news?q=', 'q'],
      ['/api/search?q=x&collections=products', 'collections'],
      ['/api/search?q=x&limit=0', 'limit'],
      ['/search/products?q=x&fiber_type=plastic', 'fiber_type'],
      ['/search/products?q=x&speed_gbps=fast', 'speed_gbps'],
    ];
    for (const [path, field] of cases) {
      const { status, body } = await getJson(t, token, path);
      expect(status, path).toBe(400);
      expect(body.message, path).toContain(field);
    }
  });

  it('filters products inside the search and still returns k hits when k match', async () => {
    const five = await getJson(t, token, '/search/products?q=short%20reach%20multimode&form_factor=qsfp28&limit=5');
    expect(five.status).toBe(200);
    // Five fixture products are QSFP28 (three LR4, one ER4-lite, one SR4), although the query favours MMF parts.
    expect(five.body.hits).toHaveLength(5);
    expect(five.body.hits.every((h: any) => h.record.form_factor === 'QSFP28')).toBe(true);

    const mmf = await getJson(t, token, '/search/products?q=LR4%2010km&fiber_type=MMF&limit=10');
    expect(mmf.body.hits.map((h: any) => h.record.slug).sort()).toEqual(['fx-a-qsfp28-sr4', 'fx-op-sfp28-sr']);

    const combined = await getJson(t, token, '/search/products?q=transceiver&speed_gbps=1.6T&fiber_type=SMF&wdm_type=PSM&form_factor=OSFP224');
    expect(combined.body.hits.map((h: any) => h.record.slug)).toEqual(['fx-op-osfp-16t-dr8']);

    const top = await getJson(t, token, '/search/products?q=QSFP28%20LR4%2010km%20LAN-WDM&limit=3');
    expect(top.body.hits[0].record.wdm_type).toBe('LWDM');
  });

  it('searches datasheet chunks under /search/documents and news under /search/news', async () => {
    const docs = await getJson(t, token, '/search/documents?q=LAN-WDM%20wavelengths%20of%20the%20LR4&limit=3');
    expect(docs.body.hits[0].collection).toBe('datasheet_chunks');
    expect(docs.body.hits[0].record.part_number).toBe('Q28-100G-LR4-MSA');
    const news = await getJson(t, token, '/search/news?q=800G%20Ethernet%20standard%20approved&limit=3');
    expect(news.body.hits.every((h: any) => h.collection === 'news_embeddings')).toBe(true);
    expect(news.body.hits.map((h: any) => h.id)).toContain('ieee-802-3df-800g-approved');
    expect(news.body.hits[0].record.is_seed).toBe(true);
  });

  it('reports per-collection statistics', async () => {
    const { status, body } = await getJson(t, token, '/search/stats');
    expect(status).toBe(200);
    expect(body).toMatchObject({ provider: 'hash', model: 'feature-hash-v1', dimension: 768, complete: true });
    const byName = Object.fromEntries(body.collections.map((c: any) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual([
      'datasheet_chunks',
      'faq_embeddings',
      'manual_chunks',
      'news_embeddings',
      'product_embeddings',
      'troubleshooting_embeddings',
    ]);
    expect(byName.faq_embeddings.count).toBe(19);
    expect(byName.troubleshooting_embeddings.count).toBe(10);
    expect(byName.datasheet_chunks.count).toBe(40);
    expect(byName.news_embeddings.count).toBe(33);
    expect(byName.manual_chunks.count).toBe(0);
    expect(byName.product_embeddings.count).toBe(8);
    expect(byName.faq_embeddings).toMatchObject({ dimension: 768, provider: 'hash', complete: true, progress: { state: 'idle', percent: 100 } });
    expect(byName.faq_embeddings.size_bytes).toBeGreaterThan(19 * 768 * 4);
    expect(typeof byName.faq_embeddings.built_at).toBe('string');
  });
});
