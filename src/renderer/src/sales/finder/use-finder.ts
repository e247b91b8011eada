import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { ClosestModels, FinderResult } from '../../../../shared/api/sales/finder.schemas.js';
import { ApiError } from '../../api/api-client.js';
import { apiQueryOptions } from '../../api/api-queries.js';
import { type Loadable, toLoadable } from '../../api/loadable.js';
import { useApiClient } from '../../state/api-context.js';

/** The service refuses shorter text (the schema's minLength). */
export const MIN_SWITCH_TEXT = 2;

export interface FinderQueryState {
  state: Loadable<FinderResult>;
  /** The nearest models the service named when the text matched no switch (its 404 details); empty otherwise. */
  closest: ClosestModels['closest'];
  reload(): void;
}

/**
 * GET /api/finder for the typed switch text. Like useApiQuery, plus the 404's suggestions, which the finder shows as
 * buttons rather than as the bare error line.
 */
export function useFinder(text: string): FinderQueryState {
  const client = useApiClient();
  const value = text.trim();
  const result = useQuery<FinderResult>({
    ...(value.length < MIN_SWITCH_TEXT
      ? { queryKey: ['no call'], queryFn: skipToken }
      : apiQueryOptions(client, { path: '/api/finder', query: { switch: value } })),
    placeholderData: keepPreviousData,
  });
  const error = result.error;
  const closest = error instanceof ApiError && error.status === 404 ? ((error.details as Partial<ClosestModels> | undefined)?.closest ?? []) : [];
  return { state: toLoadable(result), closest, reload: () => void result.refetch() };
}
