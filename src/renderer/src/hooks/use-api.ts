import { useCallback, useEffect, useState } from 'react';
import type { QueryParams } from '../api/query-string.js';
import { useApiClient } from '../state/api-context.js';

/** While a new answer loads, `stale` holds the previous one, so a table can stay on screen instead of flashing. */
export type Loadable<T> = { status: 'loading'; stale?: T } | { status: 'error'; error: string } | { status: 'ready'; data: T };

export interface ApiResource<T> {
  state: Loadable<T>;
  reload(): void;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * GET path with query, reloaded whenever either changes. A null path fetches nothing (a screen still waiting
 * for its input renders its own prompt instead). Superseded requests are aborted, so a slow answer can never
 * overwrite a newer one.
 */
export function useApi<T>(path: string | null, query?: QueryParams): ApiResource<T> {
  const client = useApiClient();
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const key = path === null ? null : JSON.stringify([path, query ?? {}]);

  useEffect(() => {
    if (key === null || path === null) return;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', ...(previous.status === 'ready' ? { stale: previous.data } : previous.status === 'loading' && previous.stale !== undefined ? { stale: previous.stale } : {}) }));
    client.get<T>(path, query, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: describe(error) });
      },
    );
    return () => controller.abort();
    // key stands for path and query (a new object each render); generation is bumped by reload().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, reload };
}
