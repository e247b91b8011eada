import type { ReactNode } from 'react';
import type { Loadable } from '../api/loadable.js';
import { useI18n } from '../i18n/use-i18n.js';

interface AsyncViewProps<T> {
  state: Loadable<T>;
  /** What is being loaded, for the loading and error lines, already in the interface language ("transceivers"). */
  what: string;
  isEmpty?: (data: T) => boolean;
  /** Shown when isEmpty says so: what is missing and, where it helps, what to do about it. */
  empty?: ReactNode;
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}

/** The three states every screen has besides its data: loading, error (with a retry) and empty. */
export function AsyncView<T>({ state, what, isEmpty, empty, onRetry, children }: AsyncViewProps<T>) {
  const { t } = useI18n();
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
        <span className="spinner" aria-hidden="true" /> {t('async.loading', { what })}
      </div>
    );
  }
  if (state.status === 'error') {
    // The service's message stays as it came (English): it names the field or record the user can look up.
    return (
      <div className="state state-error" role="alert">
        <span>{t('async.failed', { what, error: state.error })}</span>
        {onRetry && (
          <button type="button" className="link-button" onClick={onRetry}>
            {t('async.retry')}
          </button>
        )}
      </div>
    );
  }
  if (isEmpty?.(state.data)) {
    return <div className="state state-empty">{empty ?? t('async.empty', { what })}</div>;
  }
  return <>{children(state.data)}</>;
}
