// Public entry of the catalogue feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { catalogueRoutes } from './catalogue.routes.js';
// Speeds as salespeople write them, and the longest texts a product may carry (the scrapers keep to them too).
export { clipText, parseSpeedGbps, PRODUCT_TEXT_LIMITS } from './common/catalogue.values.js';
export { type OperatorOffer, operatorOffersByStandard } from './prices/prices.repository.js';
// For the datasheets (features/sales/datasheets): the product with its prices and like products, and the vendor kinds.
export { getTransceiverDetail } from './transceivers/transceivers.service.js';
export { listVendors } from './vendors/vendors.repository.js';
// The one producing function for market data (prices, stock, new products): later callers such as the scrapers use it.
export { intakeMarketRecord, type MarketRecord, type MarketIntakeResult } from './prices/market-intake.service.js';
export type { AlertRules } from './prices/market-intake.rules.js';
// Internal demand (owned here): the row-level-secured reads and the formulas the sales analysis and the forecast share.
export { demandByVelocity, demandBySpeed, type DemandGroupTotals, type DemandRow, demandRows, readDemand, visibleDemand } from './demand/demand.repository.js';
export {
  coverageDays,
  CRITICAL_BELOW_DAYS,
  dailyRunRate,
  DAYS_PER_MONTH,
  LOW_BELOW_DAYS,
  momentumRatio,
  OVERSTOCK_ABOVE_DAYS,
  reorderUrgency,
  roundOrNull,
  runRateSum,
} from './demand/demand.rules.js';
// For the vendor-shop scrapers (features/scrapers): the price floor every observation obeys, and the writer of
// products first seen in a shop (scraped_unverified).
export { checkMinimumPrice, describeMinimumPriceFailure } from './prices/prices.rules.js';
export { insertScrapedProduct, type NewScrapedProduct } from './transceivers/scraped-products.repository.js';
