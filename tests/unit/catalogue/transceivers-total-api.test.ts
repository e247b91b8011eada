import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import type { TransceiverPage } from '../../../src/shared/api/catalogue/transceivers.schemas.js';
import { insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { generateTransceivers } from '../../helpers/generated-catalogue.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** GET /api/transceivers: the total is always the exact number of matches, however broad the text query. */
describe('GET /api/transceivers total', () => {
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

  it('is exact without text, with few matches, with other filters and for a broad text query on every page', async () => {
    const all = (await page('/api/transceivers?limit=1')).total;
    expect(all).toBeGreaterThanOrEqual(ROWS);
    expect(await page('/api/transceivers?q=000123')).toMatchObject({ total: 1 });
    expect(await page('/api/transceivers?q=zz-none')).toMatchObject({ total: 0, items: [] });
    const qsfp28 = await page('/api/transceivers?q=BX-&form_factor=QSFP28&limit=1');
    let listed = 0;
    for (let offset = 0; offset < qsfp28.total + 500; offset += 500) {
      listed += (await page(`/api/transceivers?form_factor=QSFP28&q=BX-&limit=500&offset=${offset}`)).items.length;
    }
    expect(qsfp28.total).toBeGreaterThan(0);
    expect(listed).toBe(qsfp28.total);

    // Every generated part number starts BX-: a broad query counts all of them at once, first page or last.
    const first = await page('/api/transceivers?q=BX-&limit=20');
    expect(first).toMatchObject({ total: ROWS, limit: 20, offset: 0 });
    expect(first.items).toHaveLength(20);
    expect(await page('/api/transceivers?q=BX&limit=20')).toMatchObject({ total: ROWS });
    const last = await page('/api/transceivers?q=BX-&limit=100&offset=1250');
    expect(last).toMatchObject({ total: ROWS });
    expect(last.items).toHaveLength(50);
    expect(await page('/api/transceivers?q=BX-&limit=100&offset=5000')).toMatchObject({ total: ROWS, items: [] });
    expect(first).not.toHaveProperty('total_exact');
  });

  it('refuses count (the total is always exact), and the CSV export states the exact total', async () => {
    const bad = await get('/api/transceivers?count=exact');
    expect(bad.statusCode).toBe(400);
    const csv = await get('/api/transceivers.csv?q=BX-');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe(String(ROWS));
  });
});
