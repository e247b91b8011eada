/**
 * One price of one product as a shop page shows it, before it is matched to the catalogue. The readers (JSON-LD,
 * CSS selectors) produce it; the mapper decides whether it becomes a price observation.
 */
export interface ScrapedOffer {
  /** The page it was read from. */
  pageUrl: string;
  /** The product's own page, when the shop names it (a listing links to it). */
  productUrl: string | null;
  name: string;
  /** The maker's part number (schema.org mpn), else the shop's article number (sku). */
  partNumber: string | null;
  gtin: string | null;
  brand: string | null;
  /** Texts that describe the product: description, additionalProperty values, configured attribute selectors. */
  facts: Record<string, string>;
  /** null when the page shows no price (an enquiry-only product): refused by the mapper. */
  price: number | null;
  /** ISO 4217 code as the page gives it; null when it names none. */
  currency: string | null;
  inStock: 0 | 1 | null;
  stockQty: number | null;
  reader: 'json-ld' | 'selectors';
}

/** The attributes of a product as far as the page tells them; every field may be unknown. */
export interface OfferAttributes {
  formFactor: string | null;
  speedGbps: number | null;
  reachMeters: number | null;
  standard: string | null;
  fiberType: string | null;
}
