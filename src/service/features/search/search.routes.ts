import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { ProductSearchQuery, SearchQuery, SearchResponse, StatsResponse, TextSearchQuery } from '../../../shared/api/search.schemas.js';
import { collectionStats, searchAll, searchDocuments, searchNews, searchProducts } from './search.service.js';

const ERRORS = [...PROTECTED_ERRORS, 503];
const tags = ['search'];

export const searchRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/search',
    {
      schema: {
        tags,
        summary: 'Semantic search across the vector collections',
        description: 'Hits of all requested collections merged by cosine score; each hit carries the record it points to.',
        querystring: SearchQuery,
        response: withErrors({ 200: SearchResponse }, ERRORS),
      },
    },
    async (request) => searchAll(ctx, request.query),
  );

  app.get(
    '/search/products',
    {
      schema: {
        tags,
        summary: 'Semantic product search with payload filters (form_factor, speed_gbps, fiber_type, wdm_type)',
        querystring: ProductSearchQuery,
        response: withErrors({ 200: SearchResponse }, ERRORS),
      },
    },
    async (request) => searchProducts(ctx, request.query),
  );

  app.get(
    '/search/documents',
    {
      schema: {
        tags,
        summary: 'Semantic search over datasheet chunks and manual chunks',
        querystring: TextSearchQuery,
        response: withErrors({ 200: SearchResponse }, ERRORS),
      },
    },
    async (request) => searchDocuments(ctx, request.query),
  );

  app.get(
    '/search/news',
    { schema: { tags, summary: 'Semantic search over news articles', querystring: TextSearchQuery, response: withErrors({ 200: SearchResponse }, ERRORS) } },
    async (request) => searchNews(ctx, request.query),
  );

  app.get(
    '/search/stats',
    {
      schema: {
        tags,
        summary: 'Per collection: count, dimension, provider, model, build time, size, progress',
        response: withErrors({ 200: StatsResponse }, PROTECTED_ERRORS),
      },
    },
    async () => collectionStats(ctx),
  );
};
