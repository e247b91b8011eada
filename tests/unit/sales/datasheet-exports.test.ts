import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../../src/service/features/documents/pdf-text.extractor.js';
import { renderDatasheetHtml } from '../../../src/service/features/sales/datasheets/datasheet-html.render.js';
import { renderDatasheetPdf } from '../../../src/service/features/sales/datasheets/datasheet-pdf.render.js';
import { powerBudget } from '../../../src/service/features/sales/datasheets/power-budget.rules.js';
import type { TransceiverDatasheet } from '../../../src/shared/api/sales/datasheets.schemas.js';

/** A datasheet whose imported texts carry markup and characters outside Latin-1. */
const datasheet: TransceiverDatasheet = {
  kind: 'transceiver',
  product: {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'odd-module',
    vendor_id: 'operator',
    vendor_name: 'Operator Optics',
    vendor_kind: 'operator',
    part_number: 'ODD-1→2',
    name: 'Ölkännchen <b>module</b> 光模块',
    form_factor: 'SFP+',
    speed_gbps: 10,
    standard: null,
    fiber_type: 'SMF',
    wdm_type: 'none',
    wavelengths: [1310],
    reach_meters: null,
    reach_label: '',
    details_verified: false,
    data_confidence: 'scraped_unverified',
    connector: null,
    lanes: null,
    modulation: null,
    power_w: null,
    temp_range: null,
    temp_min_c: null,
    temp_max_c: null,
    dom_support: false,
    platform_coding: null,
    product_page_url: 'https://shop.example/odd',
    image_url: null,
    description: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  power_budget: null,
  power_budget_note: 'No published optical parameters on file for a product without a standard',
  pricing: { operator: [], original_vendor: [], competitors: [], note: 'apart', demo_notice: null },
  compatibility: { own_coding: null, codings: [], switches: [] },
  exports: { html: { path: '/x/html', file_name: 'x.html' }, pdf: { path: '/x/pdf', file_name: 'x.pdf' } },
  generated_at: '2026-11-20T10:00:00.000Z',
  input_hash: 'f'.repeat(64),
};

describe('datasheet exports of unusual product text', () => {
  it('escapes markup in the HTML and leaves the web address out', () => {
    const html = renderDatasheetHtml(datasheet, 'Operator Optics');
    expect(html).toContain('Ölkännchen &lt;b&gt;module&lt;/b&gt; 光模块');
    expect(html).not.toContain('<b>module');
    expect(html).not.toContain('shop.example');
    expect(html).toContain('No published optical parameters on file');
  });

  it('prints Latin-1 as it is and anything else as "?" in the PDF', async () => {
    const pages = await extractPdfText(await renderDatasheetPdf(datasheet, 'Operator Optics'));
    const text = pages.flatMap((p) => p.runs.map((r) => r.text)).join(' ');
    expect(text).toContain('ODD-1?2');
    expect(text).toContain('Ölkännchen <b>module</b> ???');
    expect(text).toContain('No published optical parameters on file');
  });
});

describe('datasheet exports of a product whose rated reach is past its worst-case budget', () => {
  const er = { ...datasheet.product, standard: '10GBASE-ER', wavelengths: [1550], reach_meters: 40_000, lanes: 1 };
  const sheet: TransceiverDatasheet = { ...datasheet, product: er, power_budget: powerBudget(er).budget, power_budget_note: null };

  it('prints the negative margin with its reason on the page, in the HTML and in the PDF', async () => {
    expect(sheet.power_budget!.margin_db).toBe(-0.9);
    const html = renderDatasheetHtml(sheet, 'Operator Optics');
    expect(html).toContain('-0.90 dB (see below)');
    expect(html).toContain('Negative margin at the rated reach. On worst-case cable');
    expect(html).toContain('engineered link');
    const pages = await extractPdfText(await renderDatasheetPdf(sheet, 'Operator Optics'));
    const text = pages.flatMap((p) => p.runs.map((r) => r.text)).join(' ');
    expect(text).toContain('Negative margin at the rated reach');
    expect(text).toContain('engineered link');
  });
});
