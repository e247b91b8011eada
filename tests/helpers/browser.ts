import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (apt package chromium; .ci/apt-packages installs it). Never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** What went wrong in the pages since the last look. */
export interface PageProblems {
  /** CSP violations the pages reported (securitypolicyviolation events and console messages). */
  cspViolations: string[];
  /** Requests that tried to leave the service's origin (all are aborted: the dashboard must work offline). */
  externalRequests: Array<{ url: string; type: string }>;
  /** Uncaught page errors and console errors other than CSP ones. */
  pageErrors: string[];
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /**
   * The problems recorded since the previous call, and a clean slate for the next test: each test (or its
   * afterEach) checks what happened during it, so a failure names the test that caused it.
   */
  takeProblems(): PageProblems;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Chromium with a fresh profile, a 1280x800 window by default, every request outside `origin` aborted and
 * recorded, and CSP violations collected from inside the page.
 */
export async function launchBrowser(origin: string, viewport = { width: 1280, height: 800 }): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'ti-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    locale: 'en-GB',
    acceptDownloads: true,
  });
  const cspViolations: string[] = [];
  const externalRequests: Array<{ url: string; type: string }> = [];
  const pageErrors: string[] = [];

  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    externalRequests.push({ url, type: route.request().resourceType() });
    return route.abort('internetdisconnected');
  });
  await context.exposeBinding('__reportCsp', (_source, text: string) => {
    cspViolations.push(text);
  });
  // A string, not a function: this file is type-checked without the DOM library.
  await context.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => window.__reportCsp(e.violatedDirective + ' blocked ' + e.blockedURI));",
  );

  const page = context.pages()[0] ?? (await context.newPage());
  const watch = (p: Page) => {
    p.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (text.includes('Content Security Policy')) cspViolations.push(text);
      // Aborted external requests (product images at vendors' sites) log a load failure; they are counted separately.
      else if (!text.includes('net::ERR_INTERNET_DISCONNECTED') && !text.includes('Failed to load resource')) pageErrors.push(text);
    });
    p.on('pageerror', (error) => pageErrors.push(error.message));
  };
  watch(page);
  context.on('page', watch);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    context,
    page,
    takeProblems: () => ({
      cspViolations: cspViolations.splice(0),
      externalRequests: externalRequests.splice(0),
      pageErrors: pageErrors.splice(0),
    }),
    async screenshot(name: string) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      // From the top: a full-page shot of a scrolled page would paint the sticky header mid-page.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, baseUrl: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard/`);
  await page.waitForURL(/\/dashboard\/login\.html/);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForSelector('[role=tablist]');
}
