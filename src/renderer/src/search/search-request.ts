import type { ApiCall } from '../../../shared/api/api-routes.js';
import type { SearchRequest } from '../state/queries.js';

const RESULT_LIMIT = 20;

/**
 * Which endpoint answers a request: product filters only make sense for products, so any filter sends the query to
 * /search/products; otherwise /api/search across the chosen collection (or all of them).
 */
export function searchEndpoint(request: SearchRequest): ApiCall<'/search/products' | '/api/search'> {
  const filtered = request.form_factor !== '' || request.speed_gbps !== '' || request.fiber_type !== '' || request.wdm_type !== '';
  if (filtered || request.collection === 'product_embeddings') {
    return {
      path: '/search/products',
      query: {
        q: request.q,
        form_factor: request.form_factor || undefined,
        speed_gbps: request.speed_gbps || undefined,
        fiber_type: request.fiber_type || undefined,
        wdm_type: request.wdm_type || undefined,
        limit: RESULT_LIMIT,
      },
    };
  }
  return { path: '/api/search', query: { q: request.q, collections: request.collection || undefined, limit: RESULT_LIMIT } };
}
