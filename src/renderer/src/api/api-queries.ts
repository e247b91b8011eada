import { keepPreviousData, type QueryClient, QueryClient as TanStackQueryClient, skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiCall, GetPath, GetReply, PostBody, PostPath, PostReply } from '../../../shared/api/api-routes.js';
import { useApiClient } from '../state/api-context.js';
import type { ApiClient } from './api-client.js';
import { type ApiResource, toLoadable } from './loadable.js';
import { createPollCounter, type PollSchedule } from './poll-schedule.js';
import { presentValues } from './query-string.js';

/**
 * The dashboard's one data-fetching layer (TanStack Query): every GET goes through a cache keyed by path, path
 * parameters and the set query values, so two cards asking for the same list share one request; a request whose
 * answer nobody waits for any more (the filters changed, the card unmounted) is aborted.
 */
export function createQueryClient(): QueryClient {
  return new TanStackQueryClient({
    defaultOptions: {
      queries: {
        // staleTime stays 0: a tab opened again shows what it had at once and asks again behind it, so a failure
        // or a change since shows up; only requests that overlap in time are shared.
        // Screens show the error with a Retry button at once rather than after silent retries.
        retry: false,
        // A desktop window regains focus all the time; refetching then would only flicker.
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function apiQueryKey(call: ApiCall): readonly unknown[] {
  return [call.path, call.params ?? {}, presentValues(call.query)];
}

/** The query options of one GET, for useQuery and useQueries alike. */
export function apiQueryOptions<P extends GetPath>(client: ApiClient, call: ApiCall<P>) {
  return {
    queryKey: apiQueryKey(call),
    // The signal is TanStack's: consuming it is what lets an abandoned request be aborted. The cast only restates
    // the call: TypeScript cannot match the distributive ApiCall<P> to get()'s parameters for a generic P.
    queryFn: ({ signal }: { signal: AbortSignal }) => client.get(call.path, { ...call, signal } as Parameters<ApiClient['get']>[1]) as Promise<GetReply<P>>,
  };
}

export interface ApiQueryOptions<T> {
  poll?: PollSchedule<T>;
}

/**
 * GET one route; a null call fetches nothing (a screen still waiting for its input shows its own prompt). While a
 * new call loads, the previous answer stays as `stale`, so paging and sorting a table keep their place.
 */
export function useApiQuery<P extends GetPath>(call: ApiCall<P> | null, options: ApiQueryOptions<GetReply<P>> = {}): ApiResource<GetReply<P>> {
  const client = useApiClient();
  const [nextPoll] = useState(() => (options.poll ? createPollCounter(options.poll) : undefined));
  const result = useQuery<GetReply<P>>({
    ...(call === null ? { queryKey: ['no call'], queryFn: skipToken } : apiQueryOptions(client, call)),
    placeholderData: keepPreviousData,
    refetchInterval: nextPoll ? (query) => nextPoll(query.state.data, query.state.dataUpdateCount + query.state.errorUpdateCount) : false,
  });
  return { state: toLoadable(result), reload: () => void result.refetch() };
}

/**
 * POST a pure computation (the what-if model): cached by its body like a read, and aborted when superseded.
 */
export function useApiPostQuery<P extends PostPath>(path: P, body: PostBody<P>): ApiResource<PostReply<P>> {
  const client = useApiClient();
  const result = useQuery({
    queryKey: [path, body],
    queryFn: ({ signal }) => client.post(path, body, signal),
    placeholderData: keepPreviousData,
  });
  return { state: toLoadable(result), reload: () => void result.refetch() };
}
