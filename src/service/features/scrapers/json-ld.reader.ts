import type { CheerioAPI } from 'cheerio';
import type { ScrapedOffer } from './scraped-offer.js';

type Json = Record<string, unknown>;

/**
 * Reads every schema.org Product in a page's JSON-LD blocks (a product page's Product, a listing's ItemList of
 * Products, @graph documents), one ScrapedOffer per Offer (an AggregateOffer gives its lowPrice). A block that is not
 * valid JSON is reported in `problems` and skipped: the page's other blocks, and its selectors, still count.
 */
export function readJsonLdOffers($: CheerioAPI, pageUrl: string): { offers: ScrapedOffer[]; problems: string[] } {
  const offers: ScrapedOffer[] = [];
  const problems: string[] = [];
  $('script[type="application/ld+json"]').each((index, element) => {
    const text = $(element).text().trim();
    if (text === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(`${pageUrl}: JSON-LD block ${index + 1} is not valid JSON`);
      return;
    }
    for (const product of productsIn(parsed)) offers.push(...offersOf(product, pageUrl));
  });
  return { offers, problems };
}

/** Whether a page carries a Product in its JSON-LD (the generic adapter's test for a product page). */
export function hasProductJsonLd($: CheerioAPI): boolean {
  let found = false;
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      if (productsIn(JSON.parse($(element).text())).length > 0) found = true;
    } catch {
      // an unreadable block says nothing either way
    }
  });
  return found;
}

function productsIn(node: unknown, depth = 0): Json[] {
  if (depth > 6 || node === null || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((item) => productsIn(item, depth + 1));
  const obj = node as Json;
  if (isType(obj, 'Product')) return [obj];
  const nested = [obj['@graph'], obj.itemListElement, obj.item, obj.mainEntity].filter((v) => v !== undefined);
  return nested.flatMap((v) => productsIn(v, depth + 1));
}

function isType(obj: Json, type: string): boolean {
  const t = obj['@type'];
  return t === type || (Array.isArray(t) && t.includes(type));
}

function offersOf(product: Json, pageUrl: string): ScrapedOffer[] {
  const base = {
    pageUrl,
    productUrl: absolute(str(product.url), pageUrl),
    name: str(product.name) ?? '',
    partNumber: str(product.mpn) ?? str(product.sku),
    gtin: str(product.gtin13) ?? str(product.gtin) ?? str(product.gtin14) ?? str(product.gtin12) ?? str(product.gtin8),
    brand: str(product.brand) ?? str((product.brand as Json | undefined)?.name),
    facts: factsOf(product),
    reader: 'json-ld' as const,
  };
  const raw = product.offers;
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((o): o is Json => o !== null && typeof o === 'object');
  if (list.length === 0) return [{ ...base, price: null, currency: null, inStock: null, stockQty: null }];
  return list.map((offer) => {
    const spec = (Array.isArray(offer.priceSpecification) ? offer.priceSpecification[0] : offer.priceSpecification) as Json | undefined;
    const price = num(offer.price) ?? num(offer.lowPrice) ?? num(spec?.price);
    return {
      ...base,
      productUrl: base.productUrl ?? absolute(str(offer.url), pageUrl),
      price,
      currency: str(offer.priceCurrency) ?? str(spec?.priceCurrency),
      inStock: availability(str(offer.availability)),
      stockQty: num((offer.inventoryLevel as Json | undefined)?.value ?? offer.inventoryLevel),
    };
  });
}

function factsOf(product: Json): Record<string, string> {
  const facts: Record<string, string> = {};
  const description = str(product.description);
  if (description) facts.description = description;
  const props = Array.isArray(product.additionalProperty) ? product.additionalProperty : [];
  for (const prop of props as Json[]) {
    const name = str(prop?.name);
    const value = str(prop?.value);
    if (name && value) facts[name.toLowerCase()] = value;
  }
  return facts;
}

/** schema.org availability: InStock and its kin count as stock, OutOfStock and its kin as none, others unknown. */
function availability(value: string | null): 0 | 1 | null {
  if (!value) return null;
  const v = value.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase();
  if (['instock', 'limitedavailability', 'onlineonly', 'instoreonly'].includes(v)) return 1;
  if (['outofstock', 'soldout', 'discontinued'].includes(v)) return 0;
  return null;
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const n = Number(value.trim().replace(/,(?=\d{3}\b)/g, ''));
  return value.trim() !== '' && Number.isFinite(n) ? n : null;
}

function absolute(url: string | null, base: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}
