import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../../../src/service/features/documents/pdf-text.extractor.js';
import { switchesForTransceiver } from '../../../src/service/features/sales/index.js';
import { seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import type { TransceiverDatasheetAnswer } from '../../../src/shared/api/sales/datasheets.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const LR4 = 'operator-q28-100g-lr4-csc';

/** The transceiver datasheet and its exports over real HTTP, on the seed data set. */
describe('GET /api/datasheets/transceiver/:id', () => {
  let t: TestService;
  let headers: Record<string, string>;
  let clock = Date.parse('2026-11-20T10:00:00.000Z');
  const fetchPath = (path: string) => fetch(`${t.url}${path}`, { headers });
  const datasheet = async (id: string): Promise<TransceiverDatasheetAnswer> => {
    const response = await fetchPath(`/api/datasheets/transceiver/${encodeURIComponent(id)}`);
    expect(response.status, id).toBe(200);
    return (await response.json()) as TransceiverDatasheetAnswer;
  };
  const query = async <R>(text: RawBuilder<R>) => (await text.execute(t.service.ctx.db.kysely)).rows;
  const storedRows = async () => ({ n: Number((await query(sql<{ n: number }>`SELECT count(*) AS n FROM generated_datasheets`))[0]?.n) });

  beforeAll(async () => {
    t = await startTestService({ listen: true, now: () => clock });
    await seedCatalogue(t.service.ctx.db, { resourcesDir: t.service.config.resourcesDir, operatorBrand: 'Test Optics', now: clock });
    headers = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('answers the 100G LR4 datasheet with its worked power budget', async () => {
    const d = await datasheet(LR4);
    expect(d.product.part_number).toBe('Q28-100G-LR4-CSC');
    expect(d.power_budget).toMatchObject({ standard: '100GBASE-LR4', budget_db: 6.3, fiber_loss_db: 4, connection_allowance_db: 2, margin_db: 0.3 });
    expect(d.power_budget_note).toBeNull();
    expect(d.compatibility.own_coding).toBe('Cisco');
  });

  it("lists the switches the module fits by the finder's rules, with the coding and product to order per maker", async () => {
    const d = await datasheet(LR4);
    expect(d.compatibility.switches).toEqual(await switchesForTransceiver(t.service.ctx.db, d.product.id));
    const cisco = d.compatibility.switches.filter((s) => s.switch.vendor_id === 'cisco');
    expect(cisco.length).toBeGreaterThan(0);
    for (const fit of cisco) expect(fit.order?.part_number).toBe('Q28-100G-LR4-CSC');
    expect(d.compatibility.codings).toEqual([...new Set(d.compatibility.switches.map((s) => s.maker_coding))].sort());
    expect(d.compatibility.codings).toContain('Cisco');
    const html = await (await fetchPath(d.exports.html.path)).text();
    expect(html).toContain(`coding Cisco, order Q28-100G-LR4-CSC: ${cisco[0]!.switch.model}`);
    // The answer includes the HTML export itself, the same document the export path serves.
    expect(d.html).toBe(html);
    expect(d.exports).toEqual({
      html: { path: `/api/datasheets/transceiver/${LR4}/html`, file_name: 'Q28-100G-LR4-CSC-datasheet.html' },
      pdf: { path: `/api/datasheets/transceiver/${LR4}/pdf`, file_name: 'Q28-100G-LR4-CSC-datasheet.pdf' },
    });
  });

  it('keeps operator, original-vendor and competitor prices apart, each in its own currency', async () => {
    const d = await datasheet(LR4);
    const kindOf = new Map((await query(sql<{ id: string; kind: string }>`SELECT id, kind FROM vendors`)).map((v) => [v.id, v.kind]));
    expect(d.pricing.operator.length).toBeGreaterThan(0);
    expect(d.pricing.competitors.length).toBeGreaterThan(0);
    for (const p of d.pricing.operator) expect(kindOf.get(p.vendor_id)).toBe('operator');
    for (const p of d.pricing.original_vendor) expect(kindOf.get(p.vendor_id)).toBe('oem');
    for (const p of d.pricing.competitors) expect(kindOf.get(p.vendor_id)).toBe('competitor');
    // The operator's own prices are the product's latest observations in the operator's shop, per currency, unconverted.
    const latest = await query(
      sql<{
        currency: string;
        price: number;
      }>`SELECT currency, price FROM price_observations p WHERE transceiver_id = ${d.product.id} AND vendor_id = 'operator'
         AND observed_at = (SELECT max(observed_at) FROM price_observations q WHERE q.transceiver_id = p.transceiver_id AND q.currency = p.currency AND q.vendor_id = 'operator')`,
    );
    expect(d.pricing.operator.map((p) => [p.currency, p.price]).sort()).toEqual(latest.map((p) => [p.currency, p.price]).sort());
    expect(d.pricing.competitors.every((p) => p.relation === 'comparable' && p.transceiver_id !== d.product.id)).toBe(true);
  });

  it('looks :id up as a slug first: a slug that equals another product UUID names its own product', async () => {
    const [a, b] = await query(sql<{ id: string; slug: string }>`SELECT id, slug FROM transceivers WHERE vendor_id = 'operator' ORDER BY part_number LIMIT 2`);
    const setSlug = (id: string, slug: string) => query(sql`UPDATE transceivers SET slug = ${slug} WHERE id = ${id}`);
    expect((await datasheet(b!.id)).product.id).toBe(b!.id); // a UUID alone resolves
    await setSlug(a!.id, b!.id);
    try {
      expect((await datasheet(b!.id)).product.id).toBe(a!.id);
      expect((await datasheet(b!.slug)).product.id).toBe(b!.id);
    } finally {
      await setSlug(a!.id, a!.slug);
    }
  });

  it('answers 404 naming the id for an unknown product, on the datasheet and both exports', async () => {
    for (const suffix of ['', '/html', '/pdf']) {
      const response = await fetchPath(`/api/datasheets/transceiver/no-such-module${suffix}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toContain('no-such-module');
    }
  });

  it('stores the datasheet and regenerates it on the next read after its product or prices change', async () => {
    const first = await datasheet('operator-sfpp-10g-lr-csc');
    const rows = (await storedRows()).n;
    clock += 60_000;
    const again = await datasheet('operator-sfpp-10g-lr-csc');
    expect(again.generated_at).toBe(first.generated_at); // served from generated_datasheets
    expect((await storedRows()).n).toBe(rows);

    await query(sql`UPDATE transceivers SET name = ${'SFP+ 10GBASE-LR renamed for the test'} WHERE id = ${first.product.id}`);
    clock += 60_000;
    const renamed = await datasheet('operator-sfpp-10g-lr-csc');
    expect(renamed.product.name).toBe('SFP+ 10GBASE-LR renamed for the test');
    expect(renamed.generated_at).toBe(new Date(clock).toISOString());
    expect(renamed.input_hash).not.toBe(first.input_hash);
    const html = await (await fetchPath('/api/datasheets/transceiver/operator-sfpp-10g-lr-csc/html')).text();
    expect(html).toContain('SFP+ 10GBASE-LR renamed for the test');

    // A new price is an input too: the operator list shows it after the next read.
    const posted = await fetch(`${t.url}/api/prices`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        transceiver_id: first.product.id,
        vendor_id: 'operator',
        price: 123.45,
        currency: 'EUR',
        observed_at: new Date(clock).toISOString(),
      }),
    });
    expect(posted.status).toBeLessThan(300);
    clock += 60_000;
    const repriced = await datasheet(first.product.id);
    expect(repriced.generated_at).toBe(new Date(clock).toISOString());
    expect(repriced.pricing.operator).toContainEqual(expect.objectContaining({ price: 123.45, currency: 'EUR', relation: 'this_product' }));
    expect((await storedRows()).n).toBe(rows); // one row per product, replaced
  });

  it('exports a self-contained HTML file with an A4 print layout and no web references', async () => {
    const response = await fetchPath(`/api/datasheets/transceiver/${LR4}/html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Q28-100G-LR4-CSC-datasheet.html"');
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('Q28-100G-LR4-CSC');
    expect(html).toContain('@page { size: A4');
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/https?:/i);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|src=/i);
    // The product row itself holds web addresses (product page, image): they stayed out.
    expect((await datasheet(LR4)).product.product_page_url).toMatch(/^https:/);
  });

  it('exports a real PDF whose text holds the part number and the budget', async () => {
    const response = await fetchPath(`/api/datasheets/transceiver/${LR4}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Q28-100G-LR4-CSC-datasheet.pdf"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pages = await extractPdfText(bytes);
    const text = pages.flatMap((p) => p.runs.map((r) => r.text)).join(' ');
    expect(text).toContain('Q28-100G-LR4-CSC');
    expect(text).toContain('6.30 dB');
    // The rendered PDF is kept with the stored datasheet and served again as it is.
    const again = new Uint8Array(await (await fetchPath(`/api/datasheets/transceiver/${LR4}/pdf`)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(again), Buffer.from(bytes))).toBe(0);
  });
});
