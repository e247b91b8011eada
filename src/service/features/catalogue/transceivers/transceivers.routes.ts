import { Type } from '@sinclair/typebox';
import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { transceiversToCsv } from './transceivers.csv.js';
import {
  IdParams,
  TransceiverCsvQuery,
  TransceiverDetail,
  TransceiverDetailQuery,
  TransceiverListQuery,
  TransceiverPage,
} from '../../../../shared/api/catalogue/transceivers.schemas.js';
import { viewerOf } from '../../auth/index.js';
import { getTransceiverDetail, listTransceiverPage, searchTransceivers } from './transceivers.service.js';

// A per-media-type response (the OpenAPI document shows text/csv); Fastify sends the string as it is.
const CsvText = Type.Unsafe<string>({
  description: 'The filtered list as CSV (header row; lists as "1270;1290", booleans true/false); importable again via POST /api/import/transceivers',
  content: { 'text/csv': { schema: { type: 'string' } } },
});

export const transceiverRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/transceivers',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Transceivers, filtered, sorted and paged, with the total and each product's current price",
        description:
          'Enumerated filters (fiber_type, wdm_type, data_confidence, sort, order) and reference filters (form_factor, vendor, standard) ' +
          'answer 400 naming the field and the allowed values. speed_gbps accepts 1600 or "1.6T". The same list as CSV: GET /api/transceivers.csv.',
        querystring: TransceiverListQuery,
        response: withErrors({ 200: TransceiverPage }, PROTECTED_ERRORS),
      },
    },
    async (request) => listTransceiverPage(ctx.db, request.query),
  );

  app.get(
    '/api/transceivers.csv',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The filtered transceiver list as CSV (same filters as GET /api/transceivers; limit up to 100,000)',
        querystring: TransceiverCsvQuery,
        produces: ['text/csv'],
        response: withErrors({ 200: CsvText }, PROTECTED_ERRORS),
      },
    },
    async (request, reply) => {
      const page = await searchTransceivers(ctx.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transceivers.csv"')
        .header('x-total-count', String(page.total))
        .send(transceiversToCsv(page.items));
    },
  );

  app.get(
    '/api/transceivers/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One transceiver (slug first, then UUID) with current prices, recent price history, comparable products and internal demand',
        params: IdParams,
        querystring: TransceiverDetailQuery,
        response: withErrors({ 200: TransceiverDetail }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getTransceiverDetail(ctx.db, request.params.id, request.query, viewerOf(request)),
  );
};
