import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, signIn } from '../helpers/browser.js';
import { ensureDashboardBuilt } from '../helpers/dashboard-build.js';
import { expectNoPageProblems } from '../helpers/page-problems.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../helpers/test-service.js';

const SESSION_KEY = 'transceiver-intelligence.session';

/** A token exactly as the service signs one (spec, Authentication rule 4), with an expiry of our choosing. */
function tokenExpiringAt(expiresAt: number, password = TEST_PASSWORD): string {
  return `${expiresAt}.${createHmac('sha256', password).update(String(expiresAt)).digest('base64url')}`;
}

/** Sign-in, sign-out and every way of losing a session, in Debian's Chromium against the real service. */
describe('dashboard sign-in (browser)', () => {
  let t: TestService;
  let browser: BrowserSession;

  const storeSession = async (token: string, expiresAt: number) => {
    await browser.page.goto(`${t.url}/dashboard/login.html`);
    // Expressions as strings: this file is type-checked without the DOM library.
    await browser.page.evaluate(`localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify({ token, expiresAt }))})`);
  };
  const notice = () => browser.page.locator('[data-testid=login-notice]').textContent();

  beforeAll(async () => {
    await ensureDashboardBuilt();
    t = await startTestService({ listen: true });
    browser = await launchBrowser(t.url);
  }, 240_000);
  // Each test answers for the pages it opened: CSP, page errors, requests leaving the service.
  afterEach(() => expectNoPageProblems(browser.takeProblems()));
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('serves the pages without a token, and /dashboard redirects to /dashboard/', async () => {
    const redirect = await fetch(`${t.url}/dashboard`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/dashboard/');
    for (const path of ['/dashboard/', '/dashboard/login.html']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('sends a visitor without a token to the login page', async () => {
    await browser.page.goto(`${t.url}/dashboard/`);
    await browser.page.waitForURL(/\/dashboard\/login\.html$/);
    expect(await browser.page.locator('#password').isVisible()).toBe(true);
  });

  it('shows the error for a wrong password and stays on the login page', async () => {
    await browser.page.goto(`${t.url}/dashboard/login.html`);
    await browser.page.fill('#password', 'not the password');
    await browser.page.click('button[type=submit]');
    await browser.page.locator('[data-testid=login-problem]', { hasText: 'Wrong password' }).waitFor();
    expect(browser.page.url()).toMatch(/login\.html/);
    await browser.screenshot('login-wrong-password');
  });

  it('signs in, then signs out back to the login page, after which the dashboard asks again', async () => {
    await signIn(browser.page, t.url, TEST_PASSWORD);
    expect(await browser.page.locator('[role=tab]').allTextContents()).toEqual([
      'Overview',
      'Sales',
      'Semantic Search',
      'Hype Cycle',
      'Transceivers',
      'News',
      'Documents',
      'Blog Engine',
    ]);
    await browser.page.getByRole('button', { name: 'Sign out' }).click();
    await browser.page.waitForURL(/login\.html\?reason=signed-out/);
    expect(await notice()).toContain('signed out');
    expect(await browser.page.evaluate(`localStorage.getItem(${JSON.stringify(SESSION_KEY)})`)).toBeNull();
    await browser.page.goto(`${t.url}/dashboard/`);
    await browser.page.waitForURL(/\/dashboard\/login\.html$/);
  });

  it('explains an expired stored session on the login page', async () => {
    const past = Date.now() - 60_000;
    await storeSession(tokenExpiringAt(past), past);
    await browser.page.goto(`${t.url}/dashboard/`);
    await browser.page.waitForURL(/reason=expired/);
    expect(await notice()).toContain('expired');
  });

  it('warns before the token expires and sends the user to the login page the moment it does (browser clock)', async () => {
    // A browser of its own: the fake clock stays installed in its context, and must not leak into other tests.
    const own = await launchBrowser(t.url);
    try {
      // Ten real minutes ahead, so the service (on real time) accepts the token while the page's clock runs on.
      const expiresAt = Date.now() + 10 * 60_000;
      await own.page.clock.install();
      await own.page.goto(`${t.url}/dashboard/login.html`);
      await own.page.evaluate(
        `localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify({ token: tokenExpiringAt(expiresAt), expiresAt }))})`,
      );
      await own.page.goto(`${t.url}/dashboard/`);
      await own.page.waitForSelector('[role=tablist]');
      await own.page.locator('.banner-warn', { hasText: 'Your session expires in 10 minutes' }).waitFor();

      await own.page.clock.fastForward('05:00');
      await own.page.locator('.banner-warn', { hasText: 'Your session expires in 5 minutes' }).waitFor();
      expect(own.page.url()).not.toMatch(/login\.html/);

      await own.page.clock.fastForward('05:00');
      await own.page.waitForURL(/reason=expired/);
      expect(await own.page.locator('[data-testid=login-notice]').textContent()).toContain('expired');
      await own.screenshot('login-session-expired');
      expectNoPageProblems(own.takeProblems());
    } finally {
      await own.close();
    }
  });

  it('treats a token the service rejects (signed with another password) as signed out', async () => {
    const later = Date.now() + 3_600_000;
    await storeSession(tokenExpiringAt(later, 'a password that was changed since'), later);
    await browser.page.goto(`${t.url}/dashboard/`);
    await browser.page.waitForURL(/reason=unauthorized/);
    expect(await notice()).toContain('no longer valid');
  });
});
