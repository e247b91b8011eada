import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../helpers/browser.js';
import { openSignedInDashboard, type SignedInDashboard } from '../helpers/dashboard-service.js';
import type { TestService } from '../helpers/test-service.js';

interface Page<T> {
  total: number;
  items: T[];
}
interface Product {
  slug: string;
  part_number: string;
  form_factor: string;
  speed_gbps: number;
  product_page_url: string | null;
}

/** Every tab on the seeded data set, in Debian's Chromium at 1280x800, driven as a person would. */
describe('dashboard tabs (browser)', () => {
  let t: TestService;
  let browser: BrowserSession;
  let token: string;
  /** Every API request the page made, path and query, in order. */
  const apiCalls: string[] = [];
  const api = <T>(path: string) => session.readApi<T>(path);
  const page = () => browser.page;
  const openTab = async (name: string) => {
    await page().getByRole('tab', { name }).click();
    await page().waitForSelector(`[role=tab][aria-selected=true]:has-text("${name}")`);
  };
  const noSpinner = () => expect.poll(() => page().locator('.state-loading').count(), { timeout: 15_000 }).toBe(0);
  const tableRows = () => page().locator('[data-testid=transceiver-table] tbody tr');
  const firstPartNumber = () => tableRows().first().locator('td').first().innerText();

  let session: SignedInDashboard;
  beforeAll(async () => {
    session = await openSignedInDashboard((newPage, url) =>
      newPage.on('request', (request) => {
        const path = request.url().slice(url.length);
        if (path.startsWith('/api/') || path.startsWith('/search/')) apiCalls.push(path);
      }),
    );
    ({ t, token, browser } = session);
  }, 240_000);
  // Each test answers for what its clicks did.
  afterEach(() => session.expectCleanPage());
  afterAll(async () => session?.close());

  it('Overview shows health, catalogue counts, price coverage, the search index and the form factors', async () => {
    const total = (await api<Page<Product>>('/api/transceivers?limit=1')).total;
    await page().locator('[data-testid=catalogue-counts] .stat-list').waitFor();
    await noSpinner();
    expect(await page().locator('[data-testid=health-card] .badge').innerText()).toMatch(/^(ok|busy|overloaded)$/);
    const counts = (await page().locator('[data-testid=catalogue-counts]').innerText()).replace(/\s+/g, ' ');
    expect(counts).toContain(`${total.toLocaleString('en-GB')} transceivers`);
    expect((await page().locator('[data-testid=price-coverage]').innerText()).replace(/\s+/g, ' ')).toMatch(/\d+(\.\d)? % of [\d,]+ transceivers have a price/);
    expect(await page().locator('[data-testid=price-coverage-chart] .recharts-bar-rectangle').count()).toBeGreaterThan(3);
    expect(await page().locator('[data-testid=index-progress] tbody tr').count()).toBe(6);
    expect(await page().locator('[data-testid=index-progress] .badge').innerText()).toBe('complete');
    // The system card names the engine and where the data lives (the SQLite file in the data directory).
    const database = page().locator('[data-testid=system-card] [data-testid=database][data-engine=sqlite]');
    expect(await database.innerText()).toContain('SQLite file');
    expect(await database.innerText()).toContain(join(t.dataDir, 'transceiver-intelligence.sqlite'));
    const latestChange = (await api<Page<{ part_number: string }>>('/api/price-changes?limit=1')).items[0];
    expect(await page().locator('[data-testid=price-change-row]').count()).toBe(8);
    expect(await page().locator('[data-testid=price-change-row]').first().innerText()).toContain(latestChange?.part_number ?? '(none)');
    expect(await page().locator('[data-testid=price-change-row]').first().innerText()).toMatch(/→ .*[▲▼] \d/);
    await browser.screenshot('overview');
    // The catalogue counts and the form-factor card both need /api/form-factors: one request serves both.
    expect(apiCalls.filter((url) => url === '/api/form-factors')).toHaveLength(1);
    expect(apiCalls.filter((url, i) => apiCalls.indexOf(url) !== i)).toEqual([]);
  });

  it('switches the bilingual descriptions between English and German', async () => {
    const ffs = await api<Page<{ name: string; description_en: string; description_de: string }>>('/api/form-factors');
    const first = ffs.items[0]!;
    const description = page().locator('[data-testid=form-factors] .description').first();
    expect(await description.innerText()).toBe(first.description_en);
    await page().getByRole('button', { name: 'DE', exact: true }).click();
    expect(await description.innerText()).toBe(first.description_de);
    expect(await description.getAttribute('lang')).toBe('de');
    await page().getByRole('button', { name: 'EN', exact: true }).click();
    expect(await description.innerText()).toBe(first.description_en);
  });

  it('Semantic Search finds products with scores and snippets, and a product hit opens the product', async () => {
    await openTab('Semantic Search');
    await page().fill('input[name=q]', '100G QSFP28 single-mode 10 km LR4');
    await page().click('[data-testid=search-form] button[type=submit]');
    await page().locator('[data-testid=search-results] .hit').first().waitFor();
    const hits = page().locator('[data-testid=search-results] .hit');
    expect(await hits.count()).toBeGreaterThan(3);
    expect(await hits.first().locator('.score').innerText()).toMatch(/score \d\.\d{3}/);
    expect((await hits.first().locator('.snippet').innerText()).length).toBeGreaterThan(10);
    await browser.screenshot('search');

    // Product filters: every hit is then a product of that form factor.
    await page().selectOption('[data-testid=search-form] select[name=form_factor]', 'QSFP28');
    await page().click('[data-testid=search-form] button[type=submit]');
    const collections = () =>
      page()
        .locator('[data-testid=search-results] .hit')
        .evaluateAll((hits) => [...new Set(hits.map((h) => h.getAttribute('data-collection')))]);
    await expect.poll(collections, { timeout: 15_000 }).toEqual(['product_embeddings']);
    const titles = await page().locator('[data-testid=product-hit]').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => title.includes('QSFP28'))).toBe(true);

    await page().locator('[data-testid=product-hit]').first().click();
    await page().locator('[data-testid=product-facts]').waitFor();
    expect(await page().locator('[role=tab][aria-selected=true]').innerText()).toBe('Transceivers');
    await page().click('[data-testid=back-to-list]');
  });

  it('Transceivers filters, sorts and pages the catalogue like the API does', async () => {
    await openTab('Transceivers');
    await tableRows().first().waitFor();
    const all = await api<Page<Product>>('/api/transceivers?limit=1');
    expect(await page().locator('[data-testid=pagination]').innerText()).toContain(`of ${all.total.toLocaleString('en-GB')}`);

    await page().selectOption('[data-testid=transceiver-filters] select[name=form_factor]', 'QSFP28');
    const qsfp28 = await api<Page<Product>>('/api/transceivers?form_factor=QSFP28&limit=1');
    await page()
      .locator('[data-testid=pagination]', { hasText: `of ${qsfp28.total.toLocaleString('en-GB')}` })
      .waitFor();
    const formFactors = await tableRows().evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[3]!.textContent));
    expect(new Set(formFactors)).toEqual(new Set(['QSFP28']));

    const firstAsc = await firstPartNumber();
    await page().click('button[data-sort=part_number]');
    await expect.poll(firstPartNumber, { timeout: 15_000 }).not.toBe(firstAsc);
    const desc = await api<Page<Product>>('/api/transceivers?form_factor=QSFP28&sort=part_number&order=desc&limit=1');
    expect(await firstPartNumber()).toBe(desc.items[0]!.part_number);

    await page().click('button[data-sort=speed_gbps]');
    await page().click('button[data-sort=speed_gbps]');
    const fastest = await api<Page<Product>>('/api/transceivers?form_factor=QSFP28&sort=speed_gbps&order=desc&limit=1');
    await expect.poll(firstPartNumber, { timeout: 15_000 }).toBe(fastest.items[0]!.part_number);

    const pageOne = await firstPartNumber();
    await page().getByRole('button', { name: 'Next ›' }).click();
    await page().locator('[data-testid=pagination]', { hasText: 'Page 2 of' }).waitFor();
    const second = await api<Page<Product>>('/api/transceivers?form_factor=QSFP28&sort=speed_gbps&order=desc&limit=25&offset=25');
    expect(await firstPartNumber()).toBe(second.items[0]!.part_number);
    expect(await firstPartNumber()).not.toBe(pageOne);
    await browser.screenshot('transceivers');
  });

  it('exports the current filter as CSV', async () => {
    const expected = await api<Page<Product>>('/api/transceivers?form_factor=QSFP28&limit=1');
    const [download] = await Promise.all([page().waitForEvent('download'), page().click('[data-testid=csv-export]')]);
    expect(download.suggestedFilename()).toBe('transceivers.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines.length).toBe(expected.total + 1);
    expect(lines[0]).toContain('part_number');
    expect(lines.slice(1).every((line) => line.includes('QSFP28'))).toBe(true);
  });

  it('opens a product with its price-history chart, comparables and the vendor link on the image', async () => {
    const priced = await api<Page<Product>>('/api/transceivers?vendor=operator&form_factor=QSFP28&speed_gbps=100&limit=50');
    let product: Product | undefined;
    for (const candidate of priced.items) {
      const history = await api<{ total: number }>(`/api/transceivers/${candidate.slug}/prices`);
      if (history.total > 1) {
        product = candidate;
        break;
      }
    }
    expect(product, 'an operator QSFP28 with a price history').toBeDefined();
    // A stored GBP rate lets the comparables show every price in one currency, with the rate and its day.
    const rate = await fetch(`${t.url}/api/currency-rates`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ currency: 'GBP', rate_to_usd: 1.25, as_of: '2026-01-05', source: 'e2e test rate' }]),
    });
    expect(rate.status).toBe(200);
    await page().fill('[data-testid=transceiver-filters] input[name=q]', product!.part_number);
    await page().locator(`tr[data-id="${product!.slug}"]`).first().waitFor();
    await page().locator(`tr[data-id="${product!.slug}"] button`).first().click();
    await page().locator('[data-testid=price-history-chart] .recharts-line-curve').first().waitFor();
    expect(await page().locator('[data-testid=price-history-chart] .recharts-line-curve').count()).toBeGreaterThan(0);
    expect(await page().locator('[data-testid=vendor-link]').getAttribute('href')).toBe(product!.product_page_url);
    expect(await page().locator('[data-testid=vendor-link] img, [data-testid=vendor-link] svg').count()).toBe(1);
    await page().locator('[data-testid=comparables-card]').waitFor();
    const detail = await api<{ comparable_products: Array<{ currency: string | null; price_converted: { amount: number } | null }> }>(
      `/api/transceivers/${product!.slug}`,
    );
    const converted = detail.comparable_products.filter((c) => c.price_converted !== null);
    expect(converted.length).toBeGreaterThan(0);
    const cells = page().locator('[data-testid=converted-price]');
    expect(await cells.count()).toBe(detail.comparable_products.length);
    expect((await cells.allInnerTexts()).filter((text) => text.trim() !== '—')).toHaveLength(converted.length);
    if (detail.comparable_products.some((c) => c.currency === 'GBP')) {
      const titles = await cells.evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
      expect(titles).toContain('Rate 1.25 of 5 Jan 2026 (e2e test rate)');
    }
    await browser.screenshot('transceiver-detail');
    await page().click('[data-testid=back-to-list]');
  });

  it('Hype Cycle places the 11 technologies, explains one, forecasts it, shows regions and redraws the what-if curve', async () => {
    await openTab('Hype Cycle');
    await page().locator('[data-testid=hype-curve-chart] .chip').first().waitFor();
    expect(await page().locator('[data-testid=hype-curve-chart] .chip').count()).toBe(11);
    expect(await page().locator('[data-testid=hype-curve-chart] .recharts-scatter-symbol').count()).toBeGreaterThanOrEqual(11);
    await page().click('[data-testid=hype-curve-chart] .chip[data-tech="800G"]');
    await page().locator('[data-testid=technology-detail]', { hasText: '800G: why this phase' }).waitFor();
    await page().locator('[data-testid=factor-table] tbody tr').first().waitFor();
    expect(await page().locator('[data-testid=factor-table] tbody tr').count()).toBe(6);
    expect(await page().locator('[data-testid=adoption-forecast-chart] .recharts-bar-rectangle').count()).toBe(5);
    await page().locator('[data-testid=regional-table] tbody tr').first().waitFor();
    expect(await page().locator('[data-testid=regional-table] tbody tr td:first-child').allInnerTexts()).toEqual(
      expect.arrayContaining(['NA', 'China', 'APAC', 'Europe', 'RoW']),
    );

    await browser.screenshot('hype-cycle');
    const curves = page().locator('[data-testid=what-if-chart] path.recharts-line-curve');
    await curves.first().waitFor();
    const paths = () => curves.evaluateAll((els) => els.map((el) => el.getAttribute('d')));
    const before = { paths: await paths(), peak: await page().locator('[data-testid=what-if-peak]').innerText() };
    expect(before.paths).toHaveLength(2);
    const slider = page().locator('input[type=range][name=q]');
    const baseQ = Number(await slider.inputValue());
    const modelRequest = page().waitForRequest(
      (r) => r.url().endsWith('/api/hype-cycle/model') && (JSON.parse(r.postData() ?? '{}') as { q?: number }).q !== baseQ,
    );
    await slider.focus();
    for (let i = 0; i < 15; i++) await page().keyboard.press('ArrowRight');
    // The what-if curve is redrawn from the model endpoint's answer (the axes rescale, so both paths move).
    await expect.poll(paths, { timeout: 15_000 }).not.toEqual(before.paths);
    const sent = JSON.parse((await modelRequest).postData()!) as { model: string; q: number };
    expect(sent.model).toBe('bass');
    expect(sent.q).toBeGreaterThan(baseQ);
    const after = await paths();
    expect(after).toHaveLength(2);
    expect(await page().locator('[data-testid=what-if-peak]').innerText()).not.toBe(before.peak);
    await browser.screenshot('hype-cycle-what-if');
  });

  it('News lists every article newest first without a query, then the articles a search finds, newest first', async () => {
    await openTab('News');
    await page().locator('.news-item').first().waitFor();
    const newest = (await api<Page<{ title: string; published_at: string }>>('/api/news?limit=1')).items[0];
    expect(await page().locator('.news-item h3').first().innerText()).toBe(newest?.title);
    const listed = await page()
      .locator('.news-item')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-published') ?? ''));
    expect(listed).toHaveLength(25);
    expect(listed).toEqual([...listed].sort().reverse());
    await page().fill('input[name=news-q]', '400G coherent optics standard');
    await page().click('[data-testid=news] button[type=submit]');
    await page().locator('.news-item').first().waitFor();
    const dates = await page()
      .locator('.news-item')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-published') ?? ''));
    expect(dates.length).toBeGreaterThan(3);
    expect(dates).toEqual([...dates].sort().reverse());
    await browser.screenshot('news');
  });

  it('shows an empty state for a filter nothing matches, and an error state with a working retry', async () => {
    await openTab('Transceivers');
    await page().getByRole('button', { name: 'Reset' }).click();
    await page().fill('[data-testid=transceiver-filters] input[name=q]', 'no-such-part-xyz');
    await page().locator('.state-empty', { hasText: 'No transceivers match these filters' }).waitFor();
    await page().getByRole('button', { name: 'Reset' }).click();

    const hypeCycle = `${t.url}/api/hype-cycle`;
    await page().route(hypeCycle, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service Unavailable', message: 'forecast store offline' }),
      }),
    );
    await openTab('Hype Cycle');
    await page().locator('.state-error', { hasText: 'forecast store offline' }).waitFor();
    await browser.screenshot('error-state');
    await page().unroute(hypeCycle);
    await page().locator('.state-error').getByRole('button', { name: 'Retry' }).click();
    await page().locator('[data-testid=hype-curve-chart] .chip').first().waitFor();
  });

  it('fits a large screen too', async () => {
    await page().setViewportSize({ width: 1920, height: 1080 });
    await openTab('Overview');
    await page().locator('[data-testid=catalogue-counts] .stat-list').waitFor();
    await noSpinner();
    const overflow = await page().evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBe(0);
    await browser.screenshot('overview-1920');
    await page().setViewportSize({ width: 1280, height: 800 });
  });
});
