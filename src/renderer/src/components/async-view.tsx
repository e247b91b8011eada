import type { ReactNode } from 'react';
import type { Loadable } from '../api/loadable.js';

interface AsyncViewProps<T> {
  state: Loadable<T>;
  /** What is being loaded, for the loading and error lines ("transceivers"). */
  what: string;
  isEmpty?: (data: T) => boolean;
  /** Shown when isEmpty says so: what is missing and, where it helps, what to do about it. */
  empty?: ReactNode;
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}

/** The three states every screen has besides its data: loading, error (with a retry) and empty. */
export function AsyncView<T>({ state, what, isEmpty, empty, onRetry, children }: AsyncViewProps<T>) {
  if (state.status === 'loading' && state.stale !== undefined && !isEmpty?.(state.stale)) {
    // The previous answer, dimmed, until the new one arrives (paging and sorting a table keep their place).
    return (
      <div className="refreshing" aria-busy="true">
        {children(state.stale)}
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="state state-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" /> Loading {what}…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="state state-error" role="alert">
        <span>
          Could not load {what}: {state.error}
        </span>
        {onRetry && (
          <button type="button" className="link-button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    );
  }
  if (isEmpty?.(state.data)) {
    return <div className="state state-empty">{empty ?? `No ${what}.`}</div>;
  }
  return <>{children(state.data)}</>;
}
