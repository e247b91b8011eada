import { useEffect, useState } from 'react';
import type { BassModelRequest, BassModelResponse } from '../api/forecast.types.js';
import { useDebounced } from '../hooks/use-debounced.js';
import type { Loadable } from '../hooks/use-api.js';
import { useApiClient } from '../state/api-context.js';

/** While a slider moves, ask at most about every 120 ms; a newer request aborts the older one. */
const SETTLE_MS = 120;

/** POST /api/hype-cycle/model for the given parameters; the curve is always the service's, never computed here. */
export function useBassModel(request: BassModelRequest): Loadable<BassModelResponse> {
  const client = useApiClient();
  const settled = useDebounced(request, SETTLE_MS);
  const [state, setState] = useState<Loadable<BassModelResponse>>({ status: 'loading' });
  const key = JSON.stringify(settled);

  useEffect(() => {
    const controller = new AbortController();
    client.post<BassModelResponse>('/api/hype-cycle/model', JSON.parse(key) as BassModelRequest, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [client, key]);

  return state;
}
