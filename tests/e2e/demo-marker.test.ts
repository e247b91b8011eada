import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInDashboard, type SignedInDashboard } from '../helpers/dashboard-service.js';

/** The demo marker in the header: there while the seed data set is in use, gone after a real import. */
describe('demo data marker (browser)', () => {
  let session: SignedInDashboard;
  beforeAll(async () => {
    session = await openSignedInDashboard();
  }, 240_000);
  afterAll(async () => session?.close());

  const marker = () => session.browser.page.locator('[data-testid=demo-data-marker]');
  const api = async (path: string, init: RequestInit = {}) =>
    fetch(`${session.t.url}${path}`, { ...init, headers: { authorization: `Bearer ${session.token}`, ...(init.headers ?? {}) } });

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

  it('is gone after a real import, also after the page is opened again', async () => {
    const product = ((await (await api('/api/transceivers?limit=1')).json()) as { items: Array<{ slug: string; vendor_id: string }> }).items[0]!;
    const csv = [
      'transceiver,part_number,product_vendor_id,vendor_id,price,currency,observed_at',
      `${product.slug},,,${product.vendor_id},999,USD,2026-11-02`,
    ].join('\n');
    const imported = await api('/api/import/prices', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    expect(imported.status).toBe(200);
    expect(((await (await api('/api/data-status')).json()) as { demo: boolean }).demo).toBe(false);
    await session.browser.page.reload();
    await session.browser.page.locator('.app-header').waitFor();
    // The header is drawn and the status answered: the marker stays absent.
    await expect.poll(async () => (await api('/api/data-status')).status).toBe(200);
    await session.browser.page.waitForLoadState('networkidle');
    expect(await marker().count()).toBe(0);
    session.expectCleanPage();
  });
});
