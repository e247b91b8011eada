import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { createApiClient } from './api/api-client.js';
import { createQueryClient } from './api/api-queries.js';
import { AppHeader } from './components/app-header.js';
import { ExpiryBanner } from './components/expiry-banner.js';
import { TabPanel } from './components/tab-panel.js';
import { useSessionExpiry } from './hooks/use-session-expiry.js';
import { goToLogin, type Session } from './session.js';
import { ApiContext } from './state/api-context.js';
import { createDashboardStore, DashboardStoreContext, TABS, type TabId } from './state/dashboard.store.js';
import { readLanguage, saveLanguage } from './state/preferences.js';

function tabFromHash(hash: string): TabId | undefined {
  const id = hash.replace(/^#/, '');
  return (TABS as readonly string[]).includes(id) ? (id as TabId) : undefined;
}

/** The signed-in dashboard: one API client, one query cache and one store for its lifetime, the header and the active tab. */
export function App({ session }: { session: Session }) {
  const [queryClient] = useState(createQueryClient);
  const [store] = useState(() => createDashboardStore({ language: readLanguage(), tab: tabFromHash(window.location.hash) }));
  const language = useStore(store, (s) => s.language);
  const client = useMemo(() => createApiClient({ token: session.token, onUnauthorized: () => goToLogin('unauthorized') }), [session.token]);
  const onExpired = useCallback(() => goToLogin('expired'), []);
  const minutesLeft = useSessionExpiry(session.expiresAt, onExpired);

  // Screen readers and the browser's hyphenation follow the interface language.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  // The tab lives in the address (#transceivers), so a reload or a shared link opens the same tab.
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.tab !== previous.tab) window.history.replaceState(null, '', `#${state.tab}`);
      }),
    [store],
  );

  return (
    <ApiContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>
        <DashboardStoreContext.Provider value={store}>
          <div className="app">
            <AppHeader expiresAt={session.expiresAt} minutesLeft={minutesLeft} onSignOut={() => goToLogin('signed-out')} onLanguage={saveLanguage} />
            <ExpiryBanner minutesLeft={minutesLeft} />
            <TabPanel />
          </div>
        </DashboardStoreContext.Provider>
      </QueryClientProvider>
    </ApiContext.Provider>
  );
}
