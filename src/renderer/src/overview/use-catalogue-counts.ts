import { useCallback, useEffect, useState } from 'react';
import type { Loadable } from '../hooks/use-api.js';
import { useApiClient } from '../state/api-context.js';

export interface CatalogueCounts {
  transceivers: number;
  vendors: number;
  standards: number;
  formFactors: number;
  switches: number;
}

interface Totalled {
  total: number;
}

/** The five totals in parallel; limit=1 keeps the paged lists to their count. */
export function useCatalogueCounts(): { state: Loadable<CatalogueCounts>; reload(): void } {
  const client = useApiClient();
  const [state, setState] = useState<Loadable<CatalogueCounts>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const total = (path: string, query?: Record<string, number>) => client.get<Totalled>(path, query, controller.signal).then((answer) => answer.total);
    setState({ status: 'loading' });
    Promise.all([total('/api/transceivers', { limit: 1 }), total('/api/vendors'), total('/api/standards'), total('/api/form-factors'), total('/api/switches', { limit: 1 })]).then(
      ([transceivers, vendors, standards, formFactors, switches]) => setState({ status: 'ready', data: { transceivers, vendors, standards, formFactors, switches } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [client, generation]);

  return { state, reload: useCallback(() => setGeneration((g) => g + 1), []) };
}
