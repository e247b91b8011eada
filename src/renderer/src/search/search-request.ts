import type { QueryParams } from '../api/query-string.js';
import type { SearchRequest } from '../state/queries.js';

const RESULT_LIMIT = 20;

/**
 * Which endpoint answers a request: product filters only make sense for products, so any filter sends the query to
 * /search/products; otherwise /api/search across the chosen collection (or all of them).
 */
export function searchEndpoint(request: SearchRequest): { path: string; query: QueryParams } {
  const filtered = request.form_factor !== '' || request.speed_gbps !== '' || request.fiber_type !== '' || request.wdm_type !== '';
  if (filtered || request.collection === 'product_embeddings') {
    return {
      path: '/search/products',
      query: { q: request.q, form_factor: request.form_factor, speed_gbps: request.speed_gbps, fiber_type: request.fiber_type, wdm_type: request.wdm_type, limit: RESULT_LIMIT },
    };
  }
  return { path: '/api/search', query: { q: request.q, collections: request.collection, limit: RESULT_LIMIT } };
}
