import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import type { TransceiverPage } from '../../../src/shared/api/catalogue/transceivers.schemas.js';
import { insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { generateTransceivers } from '../../helpers/generated-catalogue.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** GET /api/transceivers: total_exact, the lower bound of a broad text query's first read, and count=exact. */
describe('GET /api/transceivers total and total_exact', () => {
  const ROWS = 1300;
  let t: TestService;
  let auth: Record<string, string>;
  const get = (url: string) => t.service.http.inject({ method: 'GET', url, headers: auth });
  const page = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TransceiverPage;
  };

  beforeAll(async () => {
    t = await startTestService();
    await insertReferenceData(t.service.ctx.db);
    const report = await runImport(t.service.ctx.db, {
      kind: 'transceivers',
      format: 'json',
      text: JSON.stringify(generateTransceivers(ROWS, 0)),
      now: Date.now,
    });
    expect(report.bad_rows).toBe(0);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('is exact without text, with few matches and with other filters', async () => {
    expect(await page('/api/transceivers?limit=1')).toMatchObject({ total: ROWS, total_exact: true });
    expect(await page('/api/transceivers?q=000123')).toMatchObject({ total: 1, total_exact: true });
    expect(await page('/api/transceivers?q=zz-none')).toMatchObject({ total: 0, total_exact: true, items: [] });
    const qsfp28 = await page('/api/transceivers?q=BX-&form_factor=QSFP28&limit=1');
    expect(qsfp28.total_exact).toBe(true);
    expect(qsfp28.total).toBe((await page('/api/transceivers?form_factor=QSFP28&limit=1')).total);
  });

  it('answers a broad query with a lower bound, one past the page deeper down, and the exact figure on request', async () => {
    const first = await page('/api/transceivers?q=BX-&limit=20');
    expect(first).toMatchObject({ total: 1000, total_exact: false, limit: 20, offset: 0 });
    expect(first.items).toHaveLength(20);
    // A two-letter word has no trigram: the walk counts to the bound itself.
    expect(await page('/api/transceivers?q=BX&limit=20')).toMatchObject({ total: 1000, total_exact: false });
    expect(await page('/api/transceivers?q=BX-&limit=100&offset=1100')).toMatchObject({ total: 1201, total_exact: false });
    // The last page: the walk read every row, so the total is exact.
    const last = await page('/api/transceivers?q=%20BX-&limit=100&offset=1250');
    expect(last).toMatchObject({ total: ROWS, total_exact: true });
    expect(last.items).toHaveLength(50);

    const exact = await page('/api/transceivers?q=g&count=exact&limit=20');
    expect(exact.total_exact).toBe(true);
    expect(exact.total).toBeGreaterThan(1000);
    expect(exact.total).toBeLessThan(ROWS);
    // What the exact read found is kept while the catalogue stands: the pages that follow are exact too, in the same order.
    const next = await page('/api/transceivers?q=g&limit=20&offset=20');
    expect(next).toMatchObject({ total: exact.total, total_exact: true });
    const bounded = await page('/api/transceivers?q=%20g&limit=40');
    expect(bounded.total_exact).toBe(false);
    expect(bounded.items.map((i) => i.id)).toEqual([...exact.items, ...next.items].map((i) => i.id));
  });

  it('names the allowed values of count, and the CSV export states the exact total', async () => {
    const bad = await get('/api/transceivers?count=roughly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'querystring/count must be one of: auto, exact' });
    const csv = await get('/api/transceivers.csv?q=BX-');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe(String(ROWS));
  });
});
