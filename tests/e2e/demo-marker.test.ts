import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransceiverPage } from '../../src/shared/api/catalogue/transceivers.schemas.js';
import type { FinderResult } from '../../src/shared/api/sales/finder.schemas.js';
import type { TransportPlan } from '../../src/shared/api/sales/transport.schemas.js';
import { openSignedInDashboard, type SignedInDashboard } from '../helpers/dashboard-service.js';

const SWITCH = 'N9K-C93180YC-FX';
const PLAN = { from: 'london', to: 'frankfurt', capacity: '4x100G', protection: '1+1', currency: 'GBP' };

/**
 * The demo marker in the header: there while the seed data set is in use, gone after a real import. And the "demo"
 * tag beside each generated price or stock figure (list, finder, transport BOM): decided per value by the
 * observation's source, so it leaves exactly the figures an import replaced.
 */
describe('demo data marker (browser)', () => {
  let session: SignedInDashboard;
  beforeAll(async () => {
    session = await openSignedInDashboard();
  }, 240_000);
  afterAll(async () => session?.close());

  const marker = () => session.browser.page.locator('[data-testid=demo-data-marker]');
  const api = async (path: string, init: RequestInit = {}) =>
    fetch(`${session.t.url}${path}`, { ...init, headers: { authorization: `Bearer ${session.token}`, ...(init.headers ?? {}) } });
  const page = () => session.browser.page;
  const priceMarkers = (scope: string) => page().locator(`${scope} [data-testid=demo-price-marker]`);
  const listRow = (slug: string) => page().locator(`[data-testid=transceiver-table] tr[data-id="${slug}"]`);
  const listed = async () => ((await (await api('/api/transceivers?limit=25')).json()) as TransceiverPage).items.filter((i) => i.current_price);
  const plan = async () =>
    (await (
      await api('/api/transport/plan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PLAN) })
    ).json()) as TransportPlan;
  const openList = async () => {
    await page().click('[role=tab][data-tab=transceivers]');
    await page().locator('[data-testid=transceiver-table] tr[data-id]').first().waitFor({ timeout: 30_000 });
  };
  const openFinder = async () => {
    await page().click('[role=tab][data-tab=sales]');
    await page().click('[data-testid=sales-sections] button[data-section=finder]');
    await page().fill('[data-testid=finder] input[name=switch]', SWITCH);
    await expect.poll(() => page().locator('[data-testid=finder-switch] h2').innerText(), { timeout: 20_000 }).toBe('Cisco Nexus 93180YC-FX');
  };
  const openPlanner = async () => {
    await page().click('[role=tab][data-tab=sales]');
    await page().click('[data-testid=sales-sections] button[data-section=transport]');
    await page().locator('[data-testid=transport-bom-total]').waitFor({ timeout: 30_000 });
  };

  it('shows with the seed data set, naming the operator and the shifted dates in its note', async () => {
    await marker().waitFor({ timeout: 30_000 });
    expect(await marker().innerText()).toBe('Demo data');
    const status = (await (await api('/api/data-status')).json()) as { demo: boolean; operator_brand: string; seed: { date_shift_days: number } };
    expect(status.demo).toBe(true);
    const title = (await marker().getAttribute('title')) ?? '';
    expect(title).toContain(status.operator_brand);
    expect(title).toContain('demo values');
    if (status.seed.date_shift_days !== 0) expect(title).toContain(`${status.seed.date_shift_days} days`);
    session.expectCleanPage();
  });

  it('tags every seeded price and stock figure as demo in the list, the finder and the transport BOM', async () => {
    await openList();
    for (const item of await listed()) expect(await listRow(item.slug).locator('[data-col=price] [data-testid=demo-price-marker]').count(), item.slug).toBe(1);
    expect(await priceMarkers('[data-testid=transceiver-table]').first().innerText()).toBe('demo');

    await openFinder();
    const finder = (await (await api(`/api/finder?switch=${SWITCH}`)).json()) as FinderResult;
    const prices = finder.port_groups.flatMap((g) => g.by_speed.flatMap((s) => s.options.flatMap((o) => o.prices)));
    // One tag per price, one per known stock level.
    const stocked = finder.port_groups.flatMap((g) => g.by_speed.flatMap((s) => s.options)).filter((o) => o.prices.some((p) => p.in_stock !== null));
    expect(prices.length).toBeGreaterThan(0);
    expect(await priceMarkers('[data-testid=finder-options]').count()).toBe(prices.length + stocked.length);

    await openPlanner();
    const bom = (await plan()).bom;
    const demoLines = bom.lines.filter((l) => l.price_demo).length;
    expect(demoLines).toBeGreaterThan(0);
    // Unit price and line total per demo line, and the total.
    expect(await priceMarkers('[data-testid=transport-bom]').count()).toBe(2 * demoLines + 1);
    expect(await priceMarkers('[data-testid=transport-bom-total]').count()).toBe(1);
    session.expectCleanPage();
  });

  it('is gone after a real import, also after the page is opened again', async () => {
    // Real prices for what the three screens show: the list's first page, the finder's switch and the planned BOM.
    const rows = (await listed()).map((i) => `${i.id},,,${i.vendor_id},${i.current_price!.price},${i.current_price!.currency}`);
    const finder = (await (await api(`/api/finder?switch=${SWITCH}`)).json()) as FinderResult;
    for (const option of finder.port_groups.flatMap((g) => g.by_speed.flatMap((s) => s.options))) {
      for (const p of option.prices) rows.push(`${option.product.id},,,operator,${p.price},${p.currency}`);
      for (const p of option.original_vendor?.prices ?? [])
        rows.push(`${option.original_vendor!.slug},,,${option.original_vendor!.vendor_id},${p.price},${p.currency}`);
    }
    for (const line of (await plan()).bom.lines) if (line.price_demo) rows.push(`${line.transceiver_id},,,operator,${line.unit_price},GBP`);
    // observed_at is left to the service (now): later than every seeded day, so each import is the latest figure.
    const csv = ['transceiver,part_number,product_vendor_id,vendor_id,price,currency', ...new Set(rows)].join('\n');
    const imported = await api('/api/import/prices', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    expect(imported.status).toBe(200);
    expect(((await (await api('/api/data-status')).json()) as { demo: boolean }).demo).toBe(false);
    await session.browser.page.reload();
    await session.browser.page.locator('.app-header').waitFor();
    // The header is drawn and the status answered: the marker stays absent.
    await expect.poll(async () => (await api('/api/data-status')).status).toBe(200);
    await session.browser.page.waitForLoadState('networkidle');
    expect(await marker().count()).toBe(0);

    await openList();
    for (const item of await listed()) expect(await listRow(item.slug).locator('[data-testid=demo-price-marker]').count(), item.slug).toBe(0);
    await openFinder();
    await page().locator('[data-testid=finder-options]').first().waitFor();
    expect(await priceMarkers('[data-testid=finder]').count()).toBe(0);
    await openPlanner();
    expect((await plan()).bom.demo_prices).toBe(false);
    expect(await priceMarkers('[data-testid=transport-bom]').count()).toBe(0);
    session.expectCleanPage();
  });
});
