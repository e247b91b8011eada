import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { PriceChangesPage, PriceChangesQuery } from '../../../../shared/api/catalogue/price-changes.schemas.js';
import { getPriceChanges } from './prices.service.js';

export const priceChangeRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/price-changes',
    {
      schema: {
        tags: ['prices'],
        summary: 'Recorded price changes, newest first, with product and shop; filters: since, transceiver, vendor, direction',
        querystring: PriceChangesQuery,
        response: withErrors({ 200: PriceChangesPage }, PROTECTED_ERRORS),
      },
    },
    async (request) => getPriceChanges(ctx.db, request.query),
  );
};
