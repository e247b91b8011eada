import { describe, expect, it } from 'vitest';
import type { StockAnalysis } from '../../src/shared/api/sales/demand.schemas.js';
import { useSignedInDashboard } from '../helpers/dashboard-suite.js';

/**
 * The Demand view of the Sales tab against the seeded service in Debian's Chromium: the most urgent SKUs first,
 * the urgency chips and filters narrowing the list exactly as the API does, and the two breakdowns.
 */
describe('Sales tab: Demand view (browser)', () => {
  const dashboard = useSignedInDashboard();
  const { page, api, settled } = dashboard;
  const skusShown = () =>
    page()
      .locator('[data-testid=demand-row]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-sku')));

  it('opens on the most urgent SKUs, in the order the API ranks them, with the breakdowns beside', async () => {
    await page().click('[role=tab][data-tab=sales]');
    await page().click('[data-testid=sales-sections] button[data-section=demand]');
    await page().locator('[data-testid=demand-panel]').waitFor();
    await settled();
    const first = await api<StockAnalysis>('/api/internal/demand/stock-analysis?limit=50');
    expect(await skusShown()).toEqual(first.items.map((i) => i.sku));
    expect(await page().locator('[data-testid=demand-row]').first().getAttribute('data-urgency')).toBe('critical');
    expect(await page().locator('[data-testid=urgency-chips] button[data-urgency=critical]').innerText()).toContain(String(first.counts.critical));
    expect(await page().locator('[data-testid=demand-velocity-row]').count()).toBe(5);
    expect(await page().locator('[data-testid=demand-speed-row][data-speed="400G"]').count()).toBe(1);
    await dashboard.browser().screenshot('sales-demand');
  });

  it('the urgency chips and the filters narrow the list as the API does', async () => {
    await page().click('[data-testid=urgency-chips] button[data-urgency=overstock]');
    await settled();
    const overstock = await api<StockAnalysis>('/api/internal/demand/stock-analysis?urgency=overstock&limit=50');
    expect(await skusShown()).toEqual(overstock.items.map((i) => i.sku));
    expect(await page().locator('[data-testid=demand-row]:not([data-urgency=overstock])').count()).toBe(0);

    await page().selectOption('[data-testid=demand-filters] select[name=speed_gbps]', '400');
    await page().selectOption('[data-testid=demand-filters] select[name=velocity_class]', 'non-moving');
    await settled();
    const narrowed = await api<StockAnalysis>('/api/internal/demand/stock-analysis?urgency=overstock&speed_gbps=400&velocity_class=non-moving&limit=50');
    expect(narrowed.total).toBeGreaterThan(0);
    expect(await skusShown()).toEqual(narrowed.items.map((i) => i.sku));
    expect(await page().locator('[data-testid=demand-row] [data-testid=coverage]').first().innerText()).toBe('∞ (no sales)');

    await page().click('[data-testid=demand-filters] button:has-text("Reset")');
    await page().click('[data-testid=urgency-chips] button[aria-pressed=false]:not([data-urgency])');
    await settled();
    expect(await page().locator('[data-testid=demand-row]').first().getAttribute('data-urgency')).toBe('critical');
  });

  it('reads in German', async () => {
    await page().click('[data-testid=language-switch] button[lang=de]');
    await page().waitForSelector('html[lang=de]');
    expect(await page().locator('[data-testid=sales-sections] button[data-section=demand]').innerText()).toBe('Bedarf');
    expect(await page().locator('[data-testid=urgency-chips] button[data-urgency=critical]').innerText()).toMatch(/^kritisch \(/);
    await page().click('[data-testid=language-switch] button[lang=en]');
    await page().waitForSelector('html[lang=en]');
  });
});
