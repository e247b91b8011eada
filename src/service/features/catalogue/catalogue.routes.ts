import type { FeatureRoutes } from '../../http/typed-app.js';
import { comparableRoutes } from './comparables/comparables.routes.js';
import { currencyRateRoutes } from './currency-rates/currency-rates.routes.js';
import { formFactorRoutes } from './form-factors/form-factors.routes.js';
import { importRoutes } from './import/import.routes.js';
import { priceChangeRoutes } from './prices/price-changes.routes.js';
import { priceRoutes } from './prices/prices.routes.js';
import { standardRoutes } from './standards/standards.routes.js';
import { switchRoutes } from './switches/switches.routes.js';
import { transceiverRoutes } from './transceivers/transceivers.routes.js';
import { vendorRoutes } from './vendors/vendors.routes.js';

/**
 * The catalogue's HTTP routes as one plugin, so src/service/features/index.ts needs one entry. Each part is its
 * own encapsulated plugin: the import's text/csv body parser stays inside the import routes.
 */
export const catalogueRoutes: FeatureRoutes = async (app, opts) => {
  await app.register(transceiverRoutes, opts);
  await app.register(standardRoutes, opts);
  await app.register(formFactorRoutes, opts);
  await app.register(vendorRoutes, opts);
  await app.register(switchRoutes, opts);
  await app.register(priceRoutes, opts);
  await app.register(priceChangeRoutes, opts);
  await app.register(comparableRoutes, opts);
  await app.register(currencyRateRoutes, opts);
  await app.register(importRoutes, opts);
};
