import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../helpers/browser.js';
import { openSignedInDashboard, type SignedInDashboard } from '../helpers/dashboard-service.js';

/**
 * The Sales tab's finder as a salesperson uses it: type the customer's switch (tolerantly), read per port group what
 * fits in which coding, pick among ambiguous or closest models, and open a product in the Transceivers tab.
 */
describe('Sales tab: switch finder (browser)', () => {
  let session: SignedInDashboard;
  let browser: BrowserSession;
  const page = () => browser.page;
  const typeSwitch = async (text: string) => {
    await page().fill('[data-testid=finder] input[name=switch]', text);
  };
  const switchTitle = () => page().locator('[data-testid=finder-switch] h2');

  beforeAll(async () => {
    session = await openSignedInDashboard();
    ({ browser } = session);
    await page().click('[role=tab][data-tab=sales]');
    await page().click('[data-testid=sales-sections] button[data-section=finder]');
    await page().locator('[data-testid=finder]').waitFor();
  }, 240_000);
  afterEach(() => session.expectCleanPage());
  afterAll(async () => session?.close());

  it("shows per port group the modules to sell in the maker's coding, backwards-compatible speeds included", async () => {
    await typeSwitch('N9K-C93180YC-FX');
    await expect.poll(() => switchTitle().innerText(), { timeout: 20_000 }).toBe('Cisco Nexus 93180YC-FX');
    expect(await page().locator('[data-testid=finder-port-summary]').innerText()).toBe('48 x 25G SFP28 + 6 x 100G QSFP28');
    expect(await page().locator('[data-testid=finder-maker-coding]').innerText()).toBe('Cisco');
    expect(await page().locator('[data-testid=finder-port-group]').count()).toBe(2);

    const at40 = page().locator('[data-testid=finder-speed][data-form-factor=QSFP28][data-speed="40"] [data-testid=finder-option]');
    expect(await at40.count()).toBeGreaterThan(0);
    expect(new Set(await at40.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-fit'))))).toEqual(new Set(['backward']));
    const at100 = page().locator('[data-testid=finder-speed][data-form-factor=QSFP28][data-speed="100"] [data-testid=finder-option]');
    expect(new Set(await at100.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-fit'))))).toEqual(new Set(['native']));
    const codings = await page().locator('[data-testid=finder-option] td:nth-child(5)').allInnerTexts();
    expect(new Set(codings)).toEqual(new Set(['Cisco']));
    expect(await page().locator('[data-testid=finder-breakout]').count()).toBeGreaterThan(0);
    // The tables scroll inside their cards; the page itself never scrolls sideways at the smaller laptop size.
    await page().setViewportSize({ width: 1280, height: 800 });
    expect(await page().evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await browser.screenshot('sales-finder');
  });

  it('lists the alternatives of an ambiguous text and the closest models of an unknown one, each a click away', async () => {
    await typeSwitch('93180YC');
    const alternatives = page().locator('[data-testid=finder-alternatives] button');
    await alternatives.first().waitFor({ timeout: 20_000 });
    const first = await switchTitle().innerText();
    const other = await alternatives.first().innerText();
    expect([first, other].sort()).toEqual(['Cisco Nexus 93180YC-EX', 'Cisco Nexus 93180YC-FX']);
    await alternatives.first().click();
    await expect.poll(() => switchTitle().innerText(), { timeout: 20_000 }).toBe(other);

    await typeSwitch('Nexus 93180ZZ');
    const closest = page().locator('[data-testid=finder-not-found] [data-testid=finder-closest]');
    await closest.first().waitFor({ timeout: 20_000 });
    expect(await closest.count()).toBe(5);
    expect(await closest.allInnerTexts()).toContain('Cisco Nexus 93180YC-FX');
    await closest.filter({ hasText: 'Nexus 93180YC-FX' }).click();
    await expect.poll(() => switchTitle().innerText(), { timeout: 20_000 }).toBe('Cisco Nexus 93180YC-FX');
  });

  it('opens a product in the Transceivers tab and keeps the finder when coming back; speaks German', async () => {
    await typeSwitch('7280R3');
    await expect.poll(() => switchTitle().innerText(), { timeout: 20_000 }).toBe('Arista Networks 7280SR3-48YC8');
    const part = page().locator('[data-testid=finder-option] td:first-child button').first();
    const partNumber = await part.innerText();
    await part.click();
    await page().waitForSelector('[role=tab][data-tab=transceivers][aria-selected=true]');
    // The detail shows a loading line first; wait for the product itself.
    await expect.poll(() => page().locator('[data-testid=transceiver-detail]').innerText(), { timeout: 20_000 }).toContain(partNumber);

    await page().click('[role=tab][data-tab=sales]');
    await expect.poll(() => switchTitle().innerText(), { timeout: 20_000 }).toBe('Arista Networks 7280SR3-48YC8');
    expect(await page().inputValue('[data-testid=finder] input[name=switch]')).toBe('7280R3');

    await page().click('[data-testid=language-switch] button[lang=de]');
    await page().waitForSelector('html[lang=de]');
    expect(await page().locator('[data-testid=finder-options] th').first().innerText()).toBe('Teilenummer');
    await page().click('[data-testid=language-switch] button[lang=en]');
    await page().waitForSelector('html[lang=en]');
  });
});
