import type { ModelRequest, ModelResponse } from '../../../shared/api/forecast/what-if.schemas.js';
import { useApiPostQuery } from '../api/api-queries.js';
import type { Loadable } from '../api/loadable.js';
import { useDebounced } from '../hooks/use-debounced.js';

/** While a slider moves, ask at most about every 120 ms; a newer request aborts the older one. */
const SETTLE_MS = 120;

/** POST /api/hype-cycle/model for the given parameters; the curve is always the service's, never computed here. */
export function useBassModel(request: ModelRequest): Loadable<ModelResponse> {
  const settled = useDebounced(request, SETTLE_MS);
  return useApiPostQuery('/api/hype-cycle/model', settled).state;
}
