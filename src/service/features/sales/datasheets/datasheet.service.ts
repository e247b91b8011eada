import { anonymousViewer } from '../../auth/index.js';
import { createHash } from 'node:crypto';
import type { AppDatabase } from '../../../db/database.js';
import { getTransceiverDetail, listVendors } from '../../catalogue/index.js';
import type { DatasheetPrice, DatasheetPricing, TransceiverDatasheet } from '../../../../shared/api/sales/datasheets.schemas.js';
import type { TransceiverDetail } from '../../../../shared/api/catalogue/transceivers.schemas.js';
import { isDemoPriceSource } from '../../../../shared/vocabulary/price-source.vocabulary.js';
import { compatibilityFor } from './datasheet-compatibility.js';
import { renderDatasheetHtml } from './datasheet-html.render.js';
import { renderDatasheetPdf } from './datasheet-pdf.render.js';
import { findStoredDatasheet, storeDatasheet, storeDatasheetPdf } from './datasheets.repository.js';
import { powerBudget } from './power-budget.rules.js';

/** Bumped when the layout or a rule changes, so every stored datasheet is regenerated on its next read. */
export const DATASHEET_GENERATOR_VERSION = 3;

export interface DatasheetDeps {
  db: AppDatabase;
  now(): number;
}

/** A stored (or just generated) datasheet with its HTML and, once rendered, its PDF. */
export interface GeneratedDatasheet {
  datasheet: TransceiverDatasheet;
  html: string;
  pdfBase64: string | null;
  regenerated: boolean;
}

type DatasheetContent = Omit<TransceiverDatasheet, 'generated_at' | 'input_hash'>;

const GROUP_OF_KIND = { operator: 'operator', oem: 'original_vendor', competitor: 'competitors' } as const;

const PRICING_NOTE =
  'Operator, original-vendor and competitor prices are listed apart, each in the currency it was seen in; they are never merged, converted or averaged.';

/** The statement a customer-facing file carries when any price in it is generated (the operator's included). */
export function demoPricesNotice(issuer: string): string {
  return `Demo prices: the prices marked "(demo price)" are generated demo values of the offline demo data set, not real offers, quotes or stock of ${issuer} or of any shop named.`;
}

/** Each price goes to the group of the kind of vendor that sells it: the operator, an equipment maker or a competitor. */
function pricingOf(detail: TransceiverDetail, kindOf: ReadonlyMap<string, keyof typeof GROUP_OF_KIND>, issuer: string): DatasheetPricing {
  const pricing: DatasheetPricing = { operator: [], original_vendor: [], competitors: [], note: PRICING_NOTE, demo_notice: null };
  const add = (kind: keyof typeof GROUP_OF_KIND | undefined, price: DatasheetPrice) => pricing[GROUP_OF_KIND[kind ?? 'competitor']].push(price);
  for (const p of detail.current_prices) {
    add(kindOf.get(p.vendor_id), {
      transceiver_id: detail.id,
      part_number: detail.part_number,
      relation: 'this_product',
      vendor_id: p.vendor_id,
      vendor_name: p.vendor_name,
      price: p.price,
      currency: p.currency,
      observed_at: p.observed_at,
      demo: isDemoPriceSource(p.source),
    });
  }
  for (const c of detail.comparable_products) {
    if (c.price === null || c.currency === null || c.observed_at === null) continue;
    add(c.vendor_kind, {
      transceiver_id: c.transceiver_id,
      part_number: c.part_number,
      relation: 'comparable',
      vendor_id: c.vendor_id,
      vendor_name: c.vendor_name,
      price: c.price,
      currency: c.currency,
      observed_at: c.observed_at,
      demo: c.price_demo,
    });
  }
  const demo = [...pricing.operator, ...pricing.original_vendor, ...pricing.competitors].some((p) => p.demo);
  return { ...pricing, demo_notice: demo ? demoPricesNotice(issuer) : null };
}

/** The download name of an export: the part number, with anything but letters, digits, dot, dash and underscore as "_". */
function exportFileName(partNumber: string, extension: 'html' | 'pdf'): string {
  return `${partNumber.replace(/[^A-Za-z0-9._-]/g, '_')}-datasheet.${extension}`;
}

async function gatherContent(db: AppDatabase, idOrSlug: string): Promise<{ content: DatasheetContent; issuer: string }> {
  // getTransceiverDetail applies the slug-then-UUID rule and answers 404 for an unknown product. A datasheet goes to
  // customers, so it reads as an anonymous viewer: internal demand rows can never reach it.
  const detail = await getTransceiverDetail(db, idOrSlug, {}, anonymousViewer());
  const vendors = await listVendors(db);
  const kindOf = new Map(vendors.map((v) => [v.id, v.kind]));
  const { current_prices: _prices, price_history: _history, comparable_products: _comparables, internal_demand: _demand, ...product } = detail;
  const budget = powerBudget(product);
  const issuer = vendors.find((v) => v.kind === 'operator')?.name ?? product.vendor_name;
  const base = `/api/datasheets/transceiver/${encodeURIComponent(product.slug)}`;
  return {
    issuer,
    content: {
      kind: 'transceiver',
      product,
      power_budget: budget.budget,
      power_budget_note: budget.reason,
      pricing: pricingOf(detail, kindOf, issuer),
      compatibility: await compatibilityFor(db, product),
      exports: {
        html: { path: `${base}/html`, file_name: exportFileName(product.part_number, 'html') },
        pdf: { path: `${base}/pdf`, file_name: exportFileName(product.part_number, 'pdf') },
      },
    },
  };
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * The transceiver's datasheet from generated_datasheets, regenerated first when its inputs (the product row, its
 * prices and like products, its compatibility, the issuer's name, the generator version) hash differently from the
 * stored row's: the check costs the same reads as generating, and rendering is what is saved.
 */
export async function transceiverDatasheet(deps: DatasheetDeps, idOrSlug: string): Promise<GeneratedDatasheet> {
  const { content, issuer } = await gatherContent(deps.db, idOrSlug);
  const inputHash = hashOf({ version: DATASHEET_GENERATOR_VERSION, issuer, content });
  const stored = await findStoredDatasheet(deps.db, 'transceiver', content.product.id);
  if (stored !== undefined && stored.input_hash === inputHash && stored.generator_version === DATASHEET_GENERATOR_VERSION) {
    return { datasheet: JSON.parse(stored.datasheet_json) as TransceiverDatasheet, html: stored.html, pdfBase64: stored.pdf_base64, regenerated: false };
  }
  const datasheet: TransceiverDatasheet = { ...content, generated_at: new Date(deps.now()).toISOString(), input_hash: inputHash };
  const html = renderDatasheetHtml(datasheet, issuer);
  await storeDatasheet(deps.db, {
    kind: 'transceiver',
    product_id: content.product.id,
    input_hash: inputHash,
    generator_version: DATASHEET_GENERATOR_VERSION,
    datasheet_json: JSON.stringify(datasheet),
    html,
    pdf_base64: null,
    generated_at: datasheet.generated_at,
  });
  return { datasheet, html, pdfBase64: null, regenerated: true };
}

/** The PDF export: rendered from the stored datasheet on first request, then kept until the datasheet is regenerated. */
export async function transceiverDatasheetPdf(deps: DatasheetDeps, idOrSlug: string): Promise<{ datasheet: TransceiverDatasheet; pdf: Buffer }> {
  const generated = await transceiverDatasheet(deps, idOrSlug);
  if (generated.pdfBase64 !== null) return { datasheet: generated.datasheet, pdf: Buffer.from(generated.pdfBase64, 'base64') };
  const issuer = (await listVendors(deps.db, 'operator'))[0]?.name ?? generated.datasheet.product.vendor_name;
  const pdf = await renderDatasheetPdf(generated.datasheet, issuer);
  await storeDatasheetPdf(deps.db, 'transceiver', generated.datasheet.product.id, generated.datasheet.input_hash, pdf.toString('base64'));
  return { datasheet: generated.datasheet, pdf };
}
