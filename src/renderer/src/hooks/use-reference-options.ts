import { useApiQuery } from '../api/api-queries.js';

/** Form factors that have products, as filter options; empty while loading (the filter still works, unfiltered). */
export function useFormFactorOptions(): Array<[string, string]> {
  const { state } = useApiQuery({ path: '/api/form-factors' });
  if (state.status !== 'ready') return [];
  return state.data.items.filter((ff) => ff.transceiver_count > 0).map((ff) => [ff.name, `${ff.name} (${ff.transceiver_count})`]);
}

export function useVendorOptions(): Array<[string, string]> {
  const { state } = useApiQuery({ path: '/api/vendors' });
  if (state.status !== 'ready') return [];
  return state.data.items.filter((v) => v.transceiver_count > 0).map((v) => [v.id, `${v.name} (${v.transceiver_count})`]);
}
