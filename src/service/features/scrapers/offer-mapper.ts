import { MAX_PRICE } from '../../../shared/api/catalogue/prices.schemas.js';
import { CURRENCIES, type Currency } from '../../../shared/vocabulary/catalogue.vocabulary.js';
import { PRODUCT_TEXT_LIMITS } from '../catalogue/index.js';
import type { OfferAttributes, ScrapedOffer } from './scraped-offer.js';

/** A catalogue product as the mapper needs it. */
export interface ProductMatch {
  id: string;
  vendor_id: string;
  part_number: string;
  speed_gbps: number;
}

/** The catalogue reads the mapper makes (scrapers.repository.ts implements them over the database). */
export interface CatalogueLookup {
  /** Products with this part number (case and spacing ignored), the shop's own first. */
  byPartNumber(shopId: string, partNumber: string): Promise<ProductMatch[]>;
  /** The shop's own products with exactly these four attributes. */
  byAttributes(
    shopId: string,
    attributes: Required<{ [K in 'formFactor' | 'speedGbps' | 'reachMeters' | 'standard']: NonNullable<OfferAttributes[K]> }>,
  ): Promise<ProductMatch[]>;
}

export type OfferDecision =
  | { kind: 'refuse'; reason: string }
  | { kind: 'observe'; product: ProductMatch; price: number; currency: Currency; matchedBy: 'part_number' | 'attributes' }
  | {
      kind: 'create';
      price: number;
      currency: Currency;
      partNumber: string;
      attributes: OfferAttributes & { formFactor: string; speedGbps: number; fiberType: string };
    };

/**
 * Which catalogue product a shop's offer is a price of. By part number first: the shop's own product, else the one
 * product of any maker with that number (a shop reselling an original part). Else, for an offer that names no part
 * number, by form factor + speed + reach + standard among the shop's own products, when exactly one fits. An offer
 * with a part number the catalogue does not know is a new product (created as scraped_unverified) when the page
 * says enough to describe it. Everything else is refused with a reason a person can act on. Attribute matching is
 * kept to the shop's own products on purpose: matching across makers on attributes alone would file a competitor's
 * price as the price of the operator's part (like-for-like comparison is the comparables' job).
 */
export async function decideOffer(shopId: string, offer: ScrapedOffer, attributes: OfferAttributes, lookup: CatalogueLookup): Promise<OfferDecision> {
  const label = offer.partNumber ?? (offer.name || offer.pageUrl);
  if (offer.price === null) return { kind: 'refuse', reason: `${label}: no price on ${offer.pageUrl}` };
  if (!(offer.price > 0) || offer.price > MAX_PRICE) return { kind: 'refuse', reason: `${label}: ${offer.price} is not a price` };
  const currency = (CURRENCIES as readonly string[]).includes(offer.currency ?? '') ? (offer.currency as Currency) : null;
  if (!currency) {
    return {
      kind: 'refuse',
      reason: `${label}: ${offer.currency ? `currency ${offer.currency} is not one the catalogue stores` : 'the page names no currency'}`,
    };
  }
  const priced = { price: offer.price, currency };

  if (offer.partNumber) {
    const found = await lookup.byPartNumber(shopId, offer.partNumber);
    const own = found.filter((p) => p.vendor_id === shopId);
    if (own.length === 1) return { kind: 'observe', product: own[0]!, ...priced, matchedBy: 'part_number' };
    if (own.length === 0 && found.length === 1) return { kind: 'observe', product: found[0]!, ...priced, matchedBy: 'part_number' };
    if (found.length > 1 && own.length !== 1) {
      return { kind: 'refuse', reason: `${label}: part number of ${found.length} products (${found.map((p) => p.vendor_id).join(', ')}); not guessed` };
    }
    if (offer.partNumber.length > PRODUCT_TEXT_LIMITS.part_number) {
      return { kind: 'refuse', reason: `${label.slice(0, 40)}…: a part number longer than ${PRODUCT_TEXT_LIMITS.part_number} characters is not a part number` };
    }
    const { formFactor, speedGbps, fiberType } = attributes;
    if (formFactor && speedGbps && fiberType) {
      return { kind: 'create', ...priced, partNumber: offer.partNumber, attributes: { ...attributes, formFactor, speedGbps, fiberType } };
    }
    const missing = [!formFactor && 'form factor', !speedGbps && 'speed', !fiberType && 'fibre type'].filter(Boolean).join(', ');
    return { kind: 'refuse', reason: `${label}: a new part number, but the page does not say its ${missing}` };
  }

  const { formFactor, speedGbps, reachMeters, standard } = attributes;
  if (formFactor && speedGbps && reachMeters && standard) {
    const found = await lookup.byAttributes(shopId, { formFactor, speedGbps, reachMeters, standard });
    if (found.length === 1) return { kind: 'observe', product: found[0]!, ...priced, matchedBy: 'attributes' };
    if (found.length > 1) return { kind: 'refuse', reason: `${label}: no part number, and ${found.length} products of the shop fit ${formFactor} ${standard}` };
  }
  return { kind: 'refuse', reason: `${label}: no part number, and no product of the shop with its form factor, speed, reach and standard` };
}
