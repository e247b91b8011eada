import type { CheerioAPI } from 'cheerio';
import { currencyOf, parsePriceText, stockOf } from './price-text.js';
import type { ShopSelectors } from './shop-config.schema.js';
import type { ScrapedOffer } from './scraped-offer.js';

/** "css" reads the first match's text, "css@attr" its attribute; null when nothing matches or it is empty. */
export function pick($: CheerioAPI, selector: string | undefined): string | null {
  if (!selector) return null;
  const at = selector.lastIndexOf('@');
  const css = at > 0 ? selector.slice(0, at) : selector;
  const attribute = at > 0 ? selector.slice(at + 1) : null;
  let element;
  try {
    element = $(css).first();
  } catch {
    return null;
  }
  if (element.length === 0) return null;
  const value = attribute ? element.attr(attribute) : element.text();
  const text = value?.replace(/\s+/g, ' ').trim() ?? '';
  return text === '' ? null : text;
}

/**
 * Reads a product page through the shop's configured selectors: the fallback for pages without Product JSON-LD.
 * No offer when the page has no product name (a broken or foreign page); an offer without a price when the price
 * element is missing (the mapper refuses it and says why).
 */
export function readSelectorOffer($: CheerioAPI, pageUrl: string, selectors: ShopSelectors, defaultCurrency: string | null): ScrapedOffer | null {
  const name = pick($, selectors.name);
  if (!name) return null;
  const priceText = pick($, selectors.price);
  const parsed = priceText ? parsePriceText(priceText) : { price: null, currency: null };
  const stock = stockOf(pick($, selectors.availability));
  const facts: Record<string, string> = {};
  for (const key of ['formFactor', 'speed', 'reach', 'standard', 'description'] as const) {
    const value = pick($, selectors[key]);
    if (value) facts[key] = value;
  }
  return {
    pageUrl,
    productUrl: pageUrl,
    name,
    partNumber: pick($, selectors.partNumber),
    gtin: null,
    brand: null,
    facts,
    price: parsed.price,
    currency: currencyOf(pick($, selectors.currency)) ?? parsed.currency ?? defaultCurrency,
    inStock: stock.inStock,
    stockQty: stock.qty,
    reader: 'selectors',
  };
}
