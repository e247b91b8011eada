import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TransportPlan } from '../../src/shared/api/sales/transport.schemas.js';
import type { BrowserSession } from '../helpers/browser.js';
import { openSignedInDashboard, type SignedInDashboard } from '../helpers/dashboard-service.js';

/** The Transport view of the Sales tab in Debian's Chromium against the seeded service, used as a salesperson would. */
describe('sales tab: transport planner (browser)', () => {
  let session: SignedInDashboard;
  let browser: BrowserSession;
  const page = () => browser.page;
  const apiPlan = async (body: unknown): Promise<TransportPlan> => {
    const response = await fetch(`${session.t.url}/api/transport/plan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as TransportPlan;
  };
  const routesOf = (role: string) =>
    page()
      .locator(`[data-testid=transport-map] line[data-role=${role}]`)
      .evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('data-route'))));

  beforeAll(async () => {
    session = await openSignedInDashboard();
    ({ browser } = session);
    await page().setViewportSize({ width: 1280, height: 800 });
    await page().click('[role=tab][data-tab=sales]');
    await page().click('[data-testid=sales-sections] button[data-section=transport]');
  }, 240_000);
  afterEach(() => session.expectCleanPage());
  afterAll(async () => session?.close());

  it('opens with a protected London-Frankfurt plan: both paths on the map, sharing no route, with the BOM and budgets of the service', async () => {
    await page().locator('[data-testid=transport-plan]').waitFor({ timeout: 30_000 });
    const expected = await apiPlan({ from: 'london', to: 'frankfurt', capacity: '4x100G', protection: '1+1', currency: 'GBP' });
    const working = await routesOf('working');
    const protection = await routesOf('protection');
    expect(working).toEqual(expected.paths[0]!.spans.map((s) => s.route_id));
    expect(protection).toEqual(expected.paths[1]!.spans.map((s) => s.route_id));
    expect(working.filter((id) => protection.includes(id))).toEqual([]);
    // Every city of the network is drawn, the plan's end points among them.
    expect(await page().locator('[data-testid=transport-map] g[data-city]').count()).toBe(25);

    const spans = expected.paths.flatMap((p) => p.spans).length;
    expect(await page().locator('[data-testid=transport-budget] tbody tr').count()).toBe(spans);
    expect(await page().locator('[data-testid=transport-bom] tbody tr').count()).toBe(expected.bom.lines.length);
    // One fibre line per span, or one leased subsea wavelength line for a crossing (London's routes all cross water).
    const leased = expected.paths.flatMap((p) => p.spans).filter((s) => s.carriage === 'leased_wavelength').length;
    expect(leased).toBeGreaterThan(0);
    expect(await page().locator('[data-testid=transport-bom] tbody tr[data-kind=fiber]').count()).toBe(spans - leased);
    expect(await page().locator('[data-testid=transport-bom] tbody tr[data-kind=leased_wavelength]').count()).toBe(leased);
    const total = await page().locator('[data-testid=transport-bom-total]').innerText();
    expect(total).toContain('£');
    expect(Number(total.replace(/[^0-9.]/g, ''))).toBeCloseTo(expected.bom.total, 2);
    expect(await page().evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await browser.screenshot('sales-transport-london-frankfurt');
  });

  it('says why 1+1 is impossible from single-homed Dublin, then plans it unprotected', async () => {
    const form = page().locator('[data-testid=transport-form]');
    await form.locator('select[name=from]').selectOption('dublin');
    await form.locator('select[name=to]').selectOption('berlin');
    await form.locator('input[name=capacity]').fill('2x400G');
    await form.locator('button[type=submit]').click();
    const alert = page().locator('[data-testid=transport-panel] [role=alert]');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toContain('no diverse path from Dublin to Berlin');

    await form.locator('select[name=protection]').selectOption('none');
    await form.locator('button[type=submit]').click();
    await page().locator('[data-testid=transport-paths] li[data-role=working]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page().locator('[data-testid=transport-paths] li').count()).toBe(1);
    const expected = await apiPlan({
      from: 'dublin',
      to: 'berlin',
      capacity: '2x400G',
      protection: 'none',
      currency: 'GBP',
      preferences: { prefer_coherent: false, avoid_estimated: false },
    });
    expect(await routesOf('working')).toEqual(expected.paths[0]!.spans.map((s) => s.route_id));
    expect(await routesOf('protection')).toEqual([]);
    expect(await page().locator('[data-testid=transport-paths]').innerText()).toContain('Dublin → London');
  });

  it('offers the optics in the form factor the platform takes when the salesperson names it', async () => {
    const form = page().locator('[data-testid=transport-form]');
    await form.locator('select[name=from]').selectOption('frankfurt');
    await form.locator('select[name=to]').selectOption('munich');
    await form.locator('input[name=capacity]').fill('4x100G');
    await form.locator('input[name=form_factor]').fill('CFP2');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => page().locator('[data-testid=transport-paths]').innerText()).toContain('Munich');
    const expected = await apiPlan({
      from: 'frankfurt',
      to: 'munich',
      capacity: '4x100G',
      protection: 'none',
      currency: 'GBP',
      preferences: { prefer_coherent: false, avoid_estimated: false, form_factor: 'CFP2' },
    });
    expect(expected.paths[0]!.spans.every((s) => s.optic.form_factor === 'CFP2')).toBe(true);
    const optics = page().locator('[data-testid=transport-bom] tbody tr[data-kind=optic]');
    await expect.poll(() => optics.first().innerText()).toContain('CFP2');
    await form.locator('input[name=form_factor]').fill('');
  });

  it('shows the view in German', async () => {
    await page().click('[data-testid=language-switch] button[lang=de]');
    await page().waitForSelector('html[lang=de]');
    expect(await page().locator('[data-testid=transport-form] button[type=submit]').innerText()).toBe('Planen');
    expect(await page().locator('[data-testid=transport-budget] thead').innerText()).toContain('Reserve dB');
    await page().click('[data-testid=language-switch] button[lang=en]');
    await page().waitForSelector('html[lang=en]');
  });
});
