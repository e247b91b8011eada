import { describe, expect, it } from 'vitest';
import { useSignedInDashboard } from '../helpers/dashboard-suite.js';

interface AlertPage {
  total: number;
  items: Array<{ id: number; kind: string; severity: string; title: string; price: { change_pct: number } | null }>;
}
interface TopicPage {
  total: number;
  counts: Record<'BREAKING' | 'HOT' | 'TRENDING' | 'EMERGING', number>;
  items: Array<{ id: string; title: string; urgency: string; evidence: unknown[] }>;
}

/**
 * The Sales tab's competitor alerts and hot topics, and the Overview's newest alerts, in Debian's Chromium against the
 * seeded service: what a salesperson sees must be what the API says.
 */
describe('competitor alerts and hot topics (browser)', () => {
  const dashboard = useSignedInDashboard();
  const { page, api, settled } = dashboard;
  const openSection = async (id: 'alerts' | 'topics') => {
    await page().click('[role=tab][data-tab=sales]');
    await page().click(`[data-testid=sales-sections] button[data-section=${id}]`);
    await page().waitForSelector(`[data-testid=sales-sections] button[data-section=${id}][aria-pressed=true]`);
    await settled();
  };

  it('shows the newest competitor alerts on the Overview and opens the full list from there', async () => {
    const newest = await api<AlertPage>('/api/competitor-alerts?limit=6');
    const card = page().locator('[data-testid=competitor-alerts-card]');
    await card.locator('[data-testid=alert-card-row]').first().waitFor();
    const rows = card.locator('[data-testid=alert-card-row]');
    expect(await rows.count()).toBe(newest.items.length);
    expect(await rows.first().innerText()).toContain(newest.items[0]!.title);
    expect(await rows.first().getAttribute('data-severity')).toBe(newest.items[0]!.severity);
    await card.locator('[data-testid=open-alerts]').click();
    await page().waitForSelector('[data-testid=sales-sections] button[data-section=alerts][aria-pressed=true]');
    await page().locator('[data-testid=alerts-table]').waitFor();
  });

  it('lists alerts with before, after and percentage, filters them by kind and severity, and pages', async () => {
    await openSection('alerts');
    const all = await api<AlertPage>('/api/competitor-alerts?limit=25');
    expect(await page().locator('[data-testid=alert-row]').count()).toBe(all.items.length);
    expect(await page().locator('[data-testid=alerts-total]').innerText()).toContain(String(all.total));

    await page().selectOption('[data-testid=alert-filters] select[name=kind]', 'price_change');
    await settled();
    const prices = await api<AlertPage>('/api/competitor-alerts?limit=25&kind=price_change');
    const rows = page().locator('[data-testid=alert-row]');
    expect(await rows.count()).toBe(prices.items.length);
    expect(await rows.evaluateAll((els) => els.every((el) => el.getAttribute('data-kind') === 'price_change'))).toBe(true);
    const change = await rows.first().locator('[data-testid=alert-change]').innerText();
    expect(change).toContain('→');
    expect(change).toContain(`${Math.abs(prices.items[0]!.price!.change_pct).toFixed(2)} %`);

    await page().selectOption('[data-testid=alert-filters] select[name=severity]', 'critical');
    await settled();
    const critical = await api<AlertPage>('/api/competitor-alerts?limit=25&kind=price_change&severity=critical');
    expect(await rows.count()).toBe(critical.items.length);
    expect(await rows.evaluateAll((els) => els.every((el) => el.getAttribute('data-severity') === 'critical'))).toBe(true);

    await page().selectOption('[data-testid=alert-filters] select[name=kind]', 'stock_change');
    await page().selectOption('[data-testid=alert-filters] select[name=severity]', '');
    await settled();
    const stock = await rows.first().locator('[data-testid=alert-change]').innerText();
    expect(stock).toMatch(/in stock → out of stock/);
    await dashboard.browser().screenshot('sales-alerts');

    await page().selectOption('[data-testid=alert-filters] select[name=kind]', '');
    await settled();
    await page().selectOption('[data-testid=pagination] select', '25');
    const pages = Math.ceil(all.total / 25);
    expect(await page().locator('[data-testid=pagination]').innerText()).toContain(`${pages}`);
  });

  it('lists hot topics with urgency badges and counts, filters by urgency, and shows the evidence', async () => {
    await openSection('topics');
    const all = await api<TopicPage>('/api/hot-topics?limit=25');
    const items = page().locator('[data-testid=topic-item]');
    expect(await items.count()).toBe(all.items.length);
    expect(await items.first().innerText()).toContain(all.items[0]!.title);
    expect(await items.first().locator('.badge').getAttribute('data-status')).toBe(all.items[0]!.urgency);
    for (const urgency of ['BREAKING', 'HOT', 'TRENDING', 'EMERGING'] as const) {
      expect(await page().locator(`[data-testid=topic-urgencies] button[data-urgency=${urgency}]`).innerText()).toContain(`(${all.counts[urgency]})`);
    }

    await page().click('[data-testid=topic-urgencies] button[data-urgency=EMERGING]');
    await settled();
    const emerging = await api<TopicPage>('/api/hot-topics?limit=25&urgency=EMERGING');
    expect(await items.count()).toBe(emerging.items.length);
    expect(await items.evaluateAll((els) => els.every((el) => el.getAttribute('data-urgency') === 'EMERGING'))).toBe(true);

    await page().click('[data-testid=topic-urgencies] button[data-urgency=all]');
    await page().selectOption('select[name=source]', 'price_movements');
    await settled();
    const first = items.first();
    await first.locator('[data-testid=topic-evidence] summary').click();
    const evidence = first.locator('[data-testid=evidence-row][data-kind=price_change]');
    expect(await evidence.count()).toBeGreaterThan(0);
    await dashboard.browser().screenshot('sales-hot-topics');
    await evidence.first().locator('button').click();
    await page().waitForSelector('[role=tab][data-tab=transceivers][aria-selected=true]');
  });
});
