import { isUnitCount } from '../../../shared/api/schema-helpers.js';
import type { AppDatabase } from '../../db/database.js';
import {
  type AlertRules,
  checkMinimumPrice,
  clipText,
  describeMinimumPriceFailure,
  insertScrapedProduct,
  intakeMarketRecord,
  PRODUCT_TEXT_LIMITS,
} from '../catalogue/index.js';
import type { OfferDecision, ProductMatch } from './offer-mapper.js';
import type { ScrapedOffer } from './scraped-offer.js';

export type IntakeOutcome = { kind: 'refused'; reason: string } | { kind: 'stored'; created: boolean; productId: string } | { kind: 'repeated' };

export interface OfferIntakeDeps {
  db: AppDatabase;
  alertRules: AlertRules;
  nowIso: string;
  /** Product and currency pairs stored in this run: a product shown on a listing and on its page counts once. */
  stored: Set<string>;
}

/**
 * Stores one accepted offer: refuses a price below the floor of the product's speed class (shipping fees,
 * accessories), creates the product first when it is new, then hands the price to the catalogue's intake. One
 * transaction, so a new product never stands without its first price and its "new product" alert.
 */
export async function intakeOffer(
  deps: OfferIntakeDeps,
  shopId: string,
  offer: ScrapedOffer,
  decision: Exclude<OfferDecision, { kind: 'refuse' }>,
): Promise<IntakeOutcome> {
  const label = offer.partNumber ?? offer.name;
  const speed = decision.kind === 'observe' ? decision.product.speed_gbps : decision.attributes.speedGbps;
  const verdict = checkMinimumPrice(speed, decision.price, decision.currency);
  if (!verdict.ok) return { kind: 'refused', reason: `${label}: ${describeMinimumPriceFailure(verdict, decision.price, decision.currency)}` };
  if (decision.kind === 'observe' && deps.stored.has(pairKey(decision.product.id, decision.currency))) return { kind: 'repeated' };

  const outcome = await deps.db.transaction(async (tx): Promise<IntakeOutcome> => {
    let product: ProductMatch;
    if (decision.kind === 'create') {
      const a = decision.attributes;
      const id = await insertScrapedProduct(tx, {
        vendor_id: shopId,
        part_number: decision.partNumber,
        // A shop's page may name a product at any length; the catalogue keeps the first PRODUCT_TEXT_LIMITS.name.
        name: clipText(offer.name || decision.partNumber, PRODUCT_TEXT_LIMITS.name),
        form_factor: a.formFactor,
        speed_gbps: a.speedGbps,
        standard: a.standard,
        fiber_type: a.fiberType,
        reach_meters: a.reachMeters,
        product_page_url: offer.productUrl ?? offer.pageUrl,
        nowIso: deps.nowIso,
      });
      await intakeMarketRecord(tx, deps.alertRules, { kind: 'products', transceiverIds: [id], change: 'created' });
      product = { id, vendor_id: shopId, part_number: decision.partNumber, speed_gbps: a.speedGbps };
    } else {
      product = decision.product;
    }
    await intakeMarketRecord(tx, deps.alertRules, {
      kind: 'observation',
      observation: {
        transceiver_id: product.id,
        vendor_id: shopId,
        price: decision.price,
        currency: decision.currency,
        observed_at: deps.nowIso,
        in_stock: offer.inStock,
        // A figure beyond any real stock is a misread page, not a quantity: kept as unknown.
        stock_qty: offer.stockQty !== null && isUnitCount(offer.stockQty) ? offer.stockQty : null,
        source: 'scraper',
        url: offer.productUrl ?? offer.pageUrl,
      },
    });
    return { kind: 'stored', created: decision.kind === 'create', productId: product.id };
  });
  // Noted only once committed: a rolled-back offer was not stored.
  if (outcome.kind === 'stored') deps.stored.add(pairKey(outcome.productId, decision.currency));
  return outcome;
}

function pairKey(productId: string, currency: string): string {
  return `${productId}\u0000${currency}`;
}
