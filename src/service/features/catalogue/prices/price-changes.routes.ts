import { PROTECTED_ERRORS, withErrors } from '../../../http/common.schemas.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { describeValidationErrors } from '../../../http/schema-helpers.js';
import { PriceChangesPage, PriceChangesQuery } from './price-changes.schemas.js';
import { getPriceChanges } from './prices.service.js';

export const priceChangeRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/price-changes',
    {
      schemaErrorFormatter: describeValidationErrors,
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
