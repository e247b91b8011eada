// Public entry of the catalogue feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { catalogueRoutes } from './catalogue.routes.js';
export { parseSpeedGbps } from './common/catalogue.values.js';
export { type OperatorOffer, operatorOffersByStandard } from './prices/prices.repository.js';
