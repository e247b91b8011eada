import type { UseQueryResult } from '@tanstack/react-query';

/** While a new answer loads, `stale` holds the previous one, so a table can stay on screen instead of flashing. */
export type Loadable<T> = { status: 'loading'; stale?: T } | { status: 'error'; error: string } | { status: 'ready'; data: T };

export interface ApiResource<T> {
  state: Loadable<T>;
  reload(): void;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A query's result in the three states the screens draw (AsyncView). */
export function toLoadable<T>(result: Pick<UseQueryResult<T>, 'status' | 'data' | 'error' | 'isPlaceholderData' | 'isFetching'>): Loadable<T> {
  if (result.status === 'error') return result.isFetching ? { status: 'loading' } : { status: 'error', error: describeError(result.error) };
  if (result.status === 'pending') return { status: 'loading' };
  // keepPreviousData: the previous key's answer stands in, dimmed, until this key's arrives.
  if (result.isPlaceholderData) return { status: 'loading', stale: result.data as T };
  return { status: 'ready', data: result.data as T };
}
