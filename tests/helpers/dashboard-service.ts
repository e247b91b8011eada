import { expect } from 'vitest';
import { seedCatalogue } from '../../src/service/features/seed/seed.service.js';
import { seedSearchContent } from '../../src/service/features/search/seed-content.js';
import { seedForecastData } from '../../src/service/features/forecast/forecast.seed.js';
import { type BrowserSession, launchBrowser, signIn } from './browser.js';
import { ensureDashboardBuilt } from './dashboard-build.js';
import { expectNoPageProblems, productImagesFrom } from './page-problems.js';
import { startTestService, TEST_PASSWORD, type TestService } from './test-service.js';

/**
 * The real service on a loopback port with the full seed data set (catalogue, search content, forecast inputs) and
 * the fast deterministic embedder, as the browser tests and the dashboard benchmark need it.
 */
export async function startSeededService(): Promise<TestService> {
  const t = await startTestService({ listen: true, env: { EMBEDDINGS_PROVIDER: 'hash' } });
  const { db, config } = t.service.ctx;
  await seedCatalogue(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: Date.now() });
  await seedSearchContent(db, config.resourcesDir);
  await seedForecastData(db, config.resourcesDir);
  // Seeded after start: embed the new rows now, so the tests see a complete index rather than a build in progress.
  await t.service.ctx.search.whenIdle();
  return t;
}

export interface SignedInDashboard {
  t: TestService;
  token: string;
  browser: BrowserSession;
  /** Each test's own check: no page errors or CSP reports, and only allowed product images tried to leave. */
  expectCleanPage(): void;
  /** GET an API path with the session's token; anything but 200 fails the test, naming the path. */
  readApi<T>(path: string): Promise<T>;
  /** Waits until no card is loading or refreshing any more. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The browser tests' common start: the dashboard built, the seeded service, Chromium signed in with a clean page.
 * `beforeSignIn` runs on the new page first (to record its requests, say).
 */
export async function openSignedInDashboard(beforeSignIn?: (page: BrowserSession['page'], url: string) => void): Promise<SignedInDashboard> {
  await ensureDashboardBuilt();
  const t = await startSeededService();
  const token = await t.login();
  const browser = await launchBrowser(t.url);
  beforeSignIn?.(browser.page, t.url);
  await signIn(browser.page, t.url, TEST_PASSWORD);
  expectNoPageProblems(browser.takeProblems());
  return {
    t,
    token,
    browser,
    expectCleanPage: () => expectNoPageProblems(browser.takeProblems(), productImagesFrom(t.service.config.dashboard.imageSources)),
    async readApi<T>(path: string) {
      const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    },
    async settled() {
      await expect.poll(() => browser.page.locator('.state-loading, .refreshing').count(), { timeout: 20_000 }).toBe(0);
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}
