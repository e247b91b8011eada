// Public entry of the catalogue feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { catalogueRoutes } from './catalogue.routes.js';
export { parseSpeedGbps } from './common/catalogue.values.js';
// The one producing function for market data (prices, stock, new products): later callers such as the scrapers use it.
export { intakeMarketRecord, type MarketRecord, type MarketIntakeResult } from './prices/market-intake.service.js';
export type { AlertRules } from './prices/market-intake.rules.js';
