import type { Product, TransceiverRow } from './dataset.types.js';
import type { StandardFact } from './fact.types.js';
import { slugify, uuidV5 } from './ids.js';
import { CODING_SHORT, codingPhrase, FF_CODE, productName, speedCode } from './naming.catalogue.js';
import { type Prng, round } from './prng.js';
import { linePowerFloorW, linePowerW, PRODUCT_LINES, type ProductLine } from './product-lines.catalogue.js';
import { type Coding, CODINGS, COMPETITORS, type CompetitorFact, OPERATOR } from './vendors.facts.js';

/** Size of the catalogue at the last count (resources/seed/catalogue/README.md): operator products plus the demo shops' comparable products. */
export const TRANSCEIVER_TARGET = 1168;
const DAY_MS = 86_400_000;
const FIBER: Record<string, string> = { multimode: 'MMF', 'single-mode': 'SMF', copper: 'copper' };

export interface TransceiverContext {
  standards: Map<string, StandardFact>;
  asOf: Date;
  prng: Prng;
}

function isoDaysBefore(asOf: Date, days: number, hour: number): string {
  const t = new Date(asOf.getTime() - days * DAY_MS);
  t.setUTCHours(hour, 0, 0, 0);
  return t.toISOString();
}

function baseRow(line: ProductLine, std: StandardFact, vendorId: string, partNumber: string): TransceiverRow {
  const wavelengths = line.wavelengths ?? std.wavelengths;
  const slug = slugify(`${vendorId}-${partNumber}`);
  return {
    id: uuidV5(`transceiver:${slug}`),
    slug,
    vendor_id: vendorId,
    part_number: partNumber,
    name: productName(line, std, wavelengths),
    form_factor: line.formFactor,
    speed_gbps: std.speedGbps,
    standard: std.name,
    fiber_type: FIBER[std.medium]!,
    wdm_type: line.wdm,
    wavelengths: JSON.stringify(wavelengths),
    reach_meters: line.reachM,
    reach_label: line.reachLabel,
    data_confidence: 'vendor_verified',
    connector: line.connector,
    lanes: std.lanes,
    modulation: std.modulation,
    power_w: linePowerW(line),
    temp_range: 'commercial',
    temp_min_c: 0,
    temp_max_c: 70,
    dom_support: line.dom === false ? 0 : 1,
    platform_coding: '',
    product_page_url: '',
    image_url: null,
    description: '',
    created_at: '',
    updated_at: '',
  };
}

function operatorProduct(ctx: TransceiverContext, line: ProductLine, lineIndex: number, coding: Coding, industrial: boolean): Product {
  const std = ctx.standards.get(line.standard)!;
  const pn = [FF_CODE[line.formFactor], speedCode(std.speedGbps), line.code, industrial ? 'I' : '', CODINGS[coding]].filter((p) => p).join('-');
  const row = baseRow(line, std, OPERATOR.id, pn);
  const ageDays = ctx.prng.int(60, 900);
  row.name = `${row.name}${industrial ? ' industrial' : ''}, ${codingPhrase(coding)}`;
  row.platform_coding = coding;
  if (industrial) Object.assign(row, { temp_range: 'industrial', temp_min_c: -40, temp_max_c: 85 });
  row.product_page_url = `https://www.operator.example/products/${pn.toLowerCase()}`;
  // About one in eight operator products still lacks a product photo (image coverage is a tracked figure).
  row.image_url = ctx.prng.chance(0.88) ? `https://www.operator.example/images/${slugify(`${line.formFactor}-${line.code}`)}.jpg` : null;
  row.description = `${std.name} ${line.formFactor} module coded for ${coding === 'MSA generic' ? 'any MSA-compliant host' : `${coding} platforms`}; ${std.body}.`;
  row.created_at = isoDaysBefore(ctx.asOf, ageDays, 8);
  row.updated_at = isoDaysBefore(ctx.asOf, Math.min(ageDays, ctx.prng.int(1, 45)), 8);
  const codingPremium = coding === 'MSA generic' ? 1 : 1.06;
  return { row, line, lineIndex, coding, industrial, baseUsd: line.usd * codingPremium * (industrial ? 1.45 : 1) };
}

function competitorPartNumber(shop: CompetitorFact, line: ProductLine, lineIndex: number, std: StandardFact, coding: Coding): string {
  const ff = FF_CODE[line.formFactor]!;
  const sp = speedCode(std.speedGbps);
  const c = CODING_SHORT[coding];
  switch (shop.pnStyle) {
    case 'bl':
      return `BL-${ff}-${sp}${line.code}-${c}`;
    case 'fw':
      return `FWP-${31000 + lineIndex * 17}-${c}`;
    case 'gl':
      return `GLN-${ff}-${sp}-${line.code}-${c}`;
    case 'pb':
      return `PB${sp}${ff}${line.code}${c}`.replace(/-/g, '');
  }
}

function competitorProduct(ctx: TransceiverContext, shop: CompetitorFact, line: ProductLine, lineIndex: number, coding: Coding): Product {
  const prng = ctx.prng;
  const std = ctx.standards.get(line.standard)!;
  const pn = competitorPartNumber(shop, line, lineIndex, std, coding);
  const row = baseRow(line, std, shop.id, pn);
  row.name = `${codingPhrase(coding)} ${row.name}`;
  row.platform_coding = coding;
  row.product_page_url = `${shop.website}/products/${slugify(pn)}`;
  row.image_url = prng.chance(0.7) ? `https://images.shop.example/${shop.id}/${slugify(pn)}.jpg` : null;
  row.description = `Listing of a fictional demo shop (generated seed data): ${std.name} ${line.formFactor}, ${codingPhrase(coding)}.`;
  // How much of the listing was verified: scraped listings often lack the reach or the power figure.
  const roll = prng.next();
  // A fictional shop's listing was never checked by a vendor: it is enriched (0.62 of rows) or scraped as it stands.
  if (roll < 0.62) row.data_confidence = 'enriched_estimated';
  else {
    row.data_confidence = 'scraped_unverified';
    if (prng.chance(0.45)) {
      row.reach_label = '';
      const gone = prng.next();
      // Scrapers store a missing reach as NULL or as 0; both must count as absent in price matching.
      row.reach_meters = gone < 0.5 ? null : gone < 0.8 ? 0 : row.reach_meters;
      // A listing without a reach label must not state one in its name either.
      row.name = `${codingPhrase(coding)} ${productName({ ...line, reachM: null }, std, line.wavelengths ?? std.wavelengths)}`;
    }
    if (prng.chance(0.35)) row.power_w = null;
    if (prng.chance(0.3)) Object.assign(row, { temp_range: null, temp_min_c: null, temp_max_c: null });
  }
  // Listings quote at or below the line's typical value and within its class's datasheet range, so no row exceeds its
  // form factor's power class.
  if (row.power_w !== null) row.power_w = round(row.power_w * prng.float(linePowerFloorW(line) / linePowerW(line), 1), 2);
  const ageDays = prng.chance(0.04) ? prng.int(2, 28) : prng.int(30, 700);
  row.created_at = isoDaysBefore(ctx.asOf, ageDays, 10);
  row.updated_at = isoDaysBefore(ctx.asOf, Math.min(ageDays, prng.int(0, 30)), 10);
  const codingPremium = coding === 'MSA generic' ? 1 : 1.04;
  return { row, line, lineIndex, coding, industrial: false, baseUsd: line.usd * shop.priceLevel * codingPremium * prng.float(0.9, 1.12) };
}

/**
 * The operator's full range (every line in each of its codings, plus industrial variants), then the demo
 * shops' comparable products: each shop carries most lines in MSA-generic coding and some OEM codings,
 * sampled down so the catalogue has exactly TRANSCEIVER_TARGET rows.
 */
export function generateTransceivers(ctx: TransceiverContext): Product[] {
  const operator: Product[] = [];
  PRODUCT_LINES.forEach((line, index) => {
    for (const coding of line.codings) operator.push(operatorProduct(ctx, line, index, coding, false));
    for (const coding of line.industrial ?? []) operator.push(operatorProduct(ctx, line, index, coding, true));
  });

  const candidates: Array<{ shop: CompetitorFact; line: ProductLine; index: number; coding: Coding }> = [];
  PRODUCT_LINES.forEach((line, index) => {
    for (const shop of COMPETITORS) {
      const oemCodings = line.codings.filter((c) => c !== 'MSA generic');
      const codings: Coding[] = ['MSA generic', ...ctx.prng.shuffle(oemCodings).slice(0, ctx.prng.int(1, 4))];
      for (const coding of codings) candidates.push({ shop, line, index, coding });
    }
  });
  const wanted = TRANSCEIVER_TARGET - operator.length;
  if (wanted < 0 || wanted > candidates.length)
    throw new Error(`cannot reach ${TRANSCEIVER_TARGET} transceivers (${operator.length} operator, ${candidates.length} candidates)`);
  const chosen = new Set(ctx.prng.shuffle(candidates.map((_, i) => i)).slice(0, wanted));
  const competitors = candidates.filter((_, i) => chosen.has(i)).map((c) => competitorProduct(ctx, c.shop, c.line, c.index, c.coding));
  return [...operator, ...competitors];
}
