import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { Coverage, NewPriceObservation, PriceHistory, PriceHistoryQuery, RecordedPrice } from '../../../../shared/api/catalogue/prices.schemas.js';
import { getCoverage, getPriceHistory, recordPrice } from './prices.service.js';
import { IdParams } from '../../../../shared/api/catalogue/transceivers.schemas.js';

export const priceRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.post(
    '/api/prices',
    {
      schema: {
        tags: ['prices'],
        summary:
          "Record a price observation (422 when below the minimum for its speed class); records a price change when it differs from the shop's previous price",
        body: NewPriceObservation,
        response: withErrors({ 201: RecordedPrice }, [...PROTECTED_ERRORS, 413, 422]),
      },
    },
    async (request, reply) => reply.code(201).send(await recordPrice(ctx.db, request.body, ctx.now, ctx.config.catalogue)),
  );

  app.get(
    '/api/transceivers/:id/prices',
    {
      schema: {
        tags: ['prices'],
        summary: 'Price history of one transceiver (slug first, then UUID), oldest first',
        params: IdParams,
        querystring: PriceHistoryQuery,
        response: withErrors({ 200: PriceHistory }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getPriceHistory(ctx.db, request.params.id, request.query),
  );

  app.get(
    '/api/coverage/prices',
    {
      schema: {
        tags: ['prices'],
        summary: 'Share of transceivers with at least one price observation, per form factor and overall',
        response: withErrors({ 200: Coverage }, PROTECTED_ERRORS),
      },
    },
    async () => getCoverage(ctx.db, 'price'),
  );

  app.get(
    '/api/coverage/images',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Share of transceivers with a product image, per form factor and overall',
        response: withErrors({ 200: Coverage }, PROTECTED_ERRORS),
      },
    },
    async () => getCoverage(ctx.db, 'image'),
  );
};
