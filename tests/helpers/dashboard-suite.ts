import { afterAll, afterEach, beforeAll } from 'vitest';
import type { BrowserSession } from './browser.js';
import { openSignedInDashboard, type SignedInDashboard } from './dashboard-service.js';

export interface DashboardSuite {
  /** The signed-in dashboard (throws when asked before beforeAll has opened it). */
  session(): SignedInDashboard;
  browser(): BrowserSession;
  page(): BrowserSession['page'];
  /** GET an API path with the session's token; anything but 200 fails the test. */
  api<T>(path: string): Promise<T>;
  /** GET an API path with the session's token, the raw answer (a download, or a status the test checks itself). */
  fetchApi(path: string): Promise<Response>;
  /** Waits until no card is loading or refreshing any more. */
  settled(): Promise<void>;
}

/**
 * One signed-in dashboard for the enclosing describe block, registered as its hooks: opened before the first test,
 * each test then checked for a clean page (no page errors, CSP reports or stray requests), closed after the last.
 * Call it inside describe(); the accessors read the session lazily because it exists only once beforeAll has run.
 */
export function useSignedInDashboard(): DashboardSuite {
  let opened: SignedInDashboard | undefined;
  const session = () => {
    if (!opened) throw new Error('the signed-in dashboard is opened in beforeAll: read it inside a test or hook');
    return opened;
  };
  beforeAll(async () => {
    opened = await openSignedInDashboard();
  }, 240_000);
  afterEach(() => session().expectCleanPage());
  afterAll(async () => opened?.close());
  return {
    session,
    browser: () => session().browser,
    page: () => session().browser.page,
    api: <T>(path: string) => session().readApi<T>(path),
    fetchApi: (path: string) => fetch(`${session().t.url}${path}`, { headers: { authorization: `Bearer ${session().token}` } }),
    settled: () => session().settled(),
  };
}
