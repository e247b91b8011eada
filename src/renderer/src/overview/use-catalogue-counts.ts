import { useQueries } from '@tanstack/react-query';
import { apiQueryOptions } from '../api/api-queries.js';
import { type ApiResource, toLoadable } from '../api/loadable.js';
import { useApiClient } from '../state/api-context.js';

export interface CatalogueCounts {
  transceivers: number;
  vendors: number;
  standards: number;
  formFactors: number;
  switches: number;
}

/**
 * The five totals in parallel; limit=1 keeps the paged lists to their count. The reference lists are asked for
 * exactly as the filters and the form-factor card ask, so the cache answers them all with one request each.
 */
export function useCatalogueCounts(): ApiResource<CatalogueCounts> {
  const client = useApiClient();
  return useQueries({
    queries: [
      apiQueryOptions(client, { path: '/api/transceivers', query: { limit: 1 } }),
      apiQueryOptions(client, { path: '/api/vendors' }),
      apiQueryOptions(client, { path: '/api/standards' }),
      apiQueryOptions(client, { path: '/api/form-factors' }),
      apiQueryOptions(client, { path: '/api/switches', query: { limit: 1 } }),
    ],
    combine: (results) => {
      const [transceivers, vendors, standards, formFactors, switches] = results;
      const failed = results.find((r) => r.status === 'error');
      const all = transceivers.data && vendors.data && standards.data && formFactors.data && switches.data;
      const counts: CatalogueCounts | undefined = all
        ? {
            transceivers: transceivers.data.total,
            vendors: vendors.data.total,
            standards: standards.data.total,
            formFactors: formFactors.data.total,
            switches: switches.data.total,
          }
        : undefined;
      const status = failed ? 'error' : counts ? 'success' : 'pending';
      return {
        state: toLoadable({ status, data: counts, error: failed?.error ?? null, isPlaceholderData: false, isFetching: results.some((r) => r.isFetching) }),
        reload: () => results.forEach((r) => void r.refetch()),
      };
    },
  });
}
