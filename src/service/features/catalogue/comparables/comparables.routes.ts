import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { RefreshResult, StoredComparablePage, StoredComparableQuery } from '../../../../shared/api/catalogue/comparables.schemas.js';
import { getStoredComparables, refreshComparables } from './comparables.service.js';

export const comparableRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/prices/comparables',
    {
      schema: {
        tags: ['prices'],
        summary: "Stored comparable-price records: competitor products matched to the operator's, with their price",
        description:
          "Matched by form factor, speed, fiber type, wavelengths and reach class (reach_meters, or the standard's reach when it is 0 or absent; " +
          'a product with neither matches any class). Prices are converted into ?currency (default USD) with the stored rate, its day and source ' +
          '(GET /api/currency-rates), and sorted by the converted amount. Rebuilt by POST /api/prices/comparables/refresh.',
        querystring: StoredComparableQuery,
        response: withErrors({ 200: StoredComparablePage }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getStoredComparables(ctx.db, request.query),
  );

  app.post(
    '/api/prices/comparables/refresh',
    {
      schema: {
        tags: ['prices'],
        summary: 'Rebuild the comparable-price records from the catalogue and the latest prices',
        response: withErrors({ 200: RefreshResult }, PROTECTED_ERRORS),
      },
    },
    async () => refreshComparables(ctx.db),
  );
};
