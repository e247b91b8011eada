import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../../../src/service/features/documents/pdf-text.extractor.js';
import { seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import type { TransceiverPage } from '../../../src/shared/api/catalogue/transceivers.schemas.js';
import type { FinderResult } from '../../../src/shared/api/sales/finder.schemas.js';
import type { TransceiverDatasheet } from '../../../src/shared/api/sales/datasheets.schemas.js';
import type { TransportPlan } from '../../../src/shared/api/sales/transport.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const LR4 = 'operator-q28-100g-lr4-csc';
const DAY = 86_400_000;

/**
 * Generated (seed) prices say they are demo values in every answer that carries prices, and a datasheet file sent to
 * a customer states it; once an import replaced the prices the figures read as real and the statement is gone.
 */
describe('demo prices over real HTTP', () => {
  let t: TestService;
  let headers: Record<string, string>;
  let clock = Date.parse('2026-11-20T10:00:00.000Z');
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${t.url}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const exportsOf = async (d: TransceiverDatasheet) => {
    const html = await (await fetch(`${t.url}${d.exports.html.path}`, { headers })).text();
    const pdf = new Uint8Array(await (await fetch(`${t.url}${d.exports.pdf.path}`, { headers })).arrayBuffer());
    const pdfText = (await extractPdfText(pdf)).flatMap((p) => p.runs.map((r) => r.text)).join(' ');
    return { html, pdfText };
  };

  beforeAll(async () => {
    t = await startTestService({ listen: true, now: () => clock });
    await seedCatalogue(t.service.ctx.db, { resourcesDir: t.service.config.resourcesDir, operatorBrand: 'Test Optics', now: clock });
    headers = { authorization: `Bearer ${await t.login()}` };
  }, 60_000);
  afterAll(async () => t?.close());

  it('marks the seeded prices and stock as demo in the list, the finder, the transport BOM and the datasheet', async () => {
    const list = await get<TransceiverPage>('/api/transceivers?limit=50');
    const priced = list.items.filter((i) => i.current_price);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.every((i) => i.current_price!.demo)).toBe(true);

    const finder = await get<FinderResult>('/api/finder?switch=N9K-C93180YC-FX');
    const prices = finder.port_groups.flatMap((g) => g.by_speed.flatMap((s) => s.options.flatMap((o) => o.prices)));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p.demo)).toBe(true);

    const response = await fetch(`${t.url}/api/transport/plan`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'london', to: 'frankfurt', capacity: '4x100G', protection: 'none', currency: 'GBP' }),
    });
    expect(response.status).toBe(200);
    const plan = (await response.json()) as TransportPlan;
    const optics = plan.bom.lines.filter((l) => l.kind === 'optic' && l.unit_price !== null);
    expect(optics.length).toBeGreaterThan(0);
    expect(optics.every((l) => l.price_demo)).toBe(true);
    expect(plan.bom.lines.filter((l) => l.unit_price === null).some((l) => l.price_demo)).toBe(false);
    expect(plan.bom.demo_prices).toBe(true);

    const d = await get<TransceiverDatasheet>(`/api/datasheets/transceiver/${LR4}`);
    const all = [...d.pricing.operator, ...d.pricing.original_vendor, ...d.pricing.competitors];
    expect(d.pricing.operator.length).toBeGreaterThan(0);
    expect(all.every((p) => p.demo)).toBe(true);
    expect(d.pricing.demo_notice).toContain('Demo prices');
    expect(d.pricing.demo_notice).toContain('Test Optics');
    const { html, pdfText } = await exportsOf(d);
    expect(html).toContain('class="demo-notice"');
    expect(html).toContain('Demo prices: the prices marked');
    expect(html).toContain(`${d.pricing.operator[0]!.price.toFixed(2)} ${d.pricing.operator[0]!.currency} (demo price)`);
    expect(pdfText).toContain('Demo prices');
    expect(pdfText).toContain('(demo price)');
  });

  it('reads the figures as real, and drops the statement, once an import replaced the product and like-product prices', async () => {
    const before = await get<TransceiverDatasheet>(`/api/datasheets/transceiver/${LR4}`);
    const rows = [...before.pricing.operator, ...before.pricing.original_vendor, ...before.pricing.competitors].map(
      (p) => `${p.transceiver_id},,,${p.vendor_id},${p.price},${p.currency}`,
    );
    // Later than any seeded day, so the imported observation is each product's latest (observed_at defaults to now).
    clock += 2 * DAY;
    const imported = await fetch(`${t.url}/api/import/prices`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: ['transceiver,part_number,product_vendor_id,vendor_id,price,currency', ...new Set(rows)].join('\n'),
    });
    expect(imported.status).toBe(200);

    const d = await get<TransceiverDatasheet>(`/api/datasheets/transceiver/${LR4}`);
    expect(d.generated_at).toBe(new Date(clock).toISOString()); // regenerated: its prices changed
    const all = [...d.pricing.operator, ...d.pricing.original_vendor, ...d.pricing.competitors];
    expect(all.length).toBe(new Set(rows).size);
    expect(all.some((p) => p.demo)).toBe(false);
    expect(d.pricing.demo_notice).toBeNull();
    const { html, pdfText } = await exportsOf(d);
    expect(html).not.toContain('class="demo-notice"');
    expect(html).not.toContain('Demo prices');
    expect(html).not.toContain('(demo price)');
    expect(pdfText).not.toContain('Demo prices');
    expect(pdfText).not.toContain('(demo price)');

    const list = await get<TransceiverPage>(`/api/transceivers?q=${encodeURIComponent(d.product.part_number)}`);
    expect(list.items.find((i) => i.id === d.product.id)?.current_price).toMatchObject({ demo: false });
  });
});
