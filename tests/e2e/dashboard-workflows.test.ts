import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualPdf, pngBytes } from '../fixtures/pdf/pdf-fixtures.js';
import type { BrowserSession } from '../helpers/browser.js';
import { openSignedInDashboard, type SignedInDashboard } from '../helpers/dashboard-service.js';
import type { TestService } from '../helpers/test-service.js';

interface Page<T> {
  total: number;
  items: T[];
}
interface ListedProduct {
  slug: string;
  part_number: string;
  current_price?: { price: number; currency: string } | null;
}
interface StoredDocument {
  id: string;
  status: string;
  chunks_count: number;
}

const IMPORT_HEADER = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence,wavelengths,reach_meters,reach_label';
const GOOD_ROW = 'operator,E2E-IMPORT-LR4,E2E imported 100G QSFP28 LR4,QSFP28,100,SMF,LWDM,vendor_verified,1295.56;1300.05;1304.58;1309.14,10000,10km';
const BAD_ROW = 'operator,E2E-IMPORT-BAD,E2E bad row,QSFP28,fast,SMF,none,vendor_verified,1310,10000,10km';
const TABS = ['overview', 'sales', 'search', 'hype', 'transceivers', 'news', 'documents', 'blog'] as const;
const GERMAN_TABS = ['Übersicht', 'Vertrieb', 'Semantische Suche', 'Hype-Zyklus', 'Transceiver', 'Nachrichten', 'Dokumente', 'Blog-Engine'];

/**
 * What a new user does beyond reading: upload a PDF, import a file, read the interface in German, and see every tab
 * whole at the two laptop sizes. Debian's Chromium against the seeded service, driven as a person would.
 */
describe('dashboard workflows (browser)', () => {
  let t: TestService;
  let browser: BrowserSession;
  let token: string;
  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${t.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const page = () => browser.page;
  const openTab = async (id: (typeof TABS)[number]) => {
    await page().click(`[role=tab][data-tab=${id}]`);
    await page().waitForSelector(`[role=tab][data-tab=${id}][aria-selected=true]`);
  };
  const settled = () => session.settled();
  const language = async (lang: 'en' | 'de') => {
    await page().click(`[data-testid=language-switch] button[lang=${lang}]`);
    await page().waitForSelector(`html[lang=${lang}]`);
  };
  const tableOverflow = () =>
    page()
      .locator('[data-testid=transceiver-table]')
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  const overflow = () => page().evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');

  let session: SignedInDashboard;
  beforeAll(async () => {
    session = await openSignedInDashboard();
    ({ t, token, browser } = session);
  }, 240_000);
  afterEach(() => session.expectCleanPage());
  afterAll(async () => session?.close());

  it('uploads a PDF, follows its job to "processed" with its chunk count, refuses a non-PDF, and deletes it', async () => {
    await openTab('documents');
    await page().locator('[data-testid=document-list] .state-empty').waitFor();
    await page().setInputFiles('input[name=document-file]', { name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await manualPdf()) });
    await page().click('[data-testid=document-upload-submit]');
    // The job is polled every 15 s, as the index build is.
    await page().locator('[data-testid=upload-progress][data-status=processed]').waitFor({ timeout: 60_000 });
    const stored = (await api<Page<StoredDocument>>('/api/documents')).items;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'processed' });
    expect(stored[0]!.chunks_count).toBeGreaterThan(0);
    expect(await page().locator('[data-testid=upload-progress]').innerText()).toContain(`${stored[0]!.chunks_count} chunks`);
    const row = page().locator(`[data-testid=documents-table] tr[data-id="${stored[0]!.id}"]`);
    await row.locator('[data-status=processed]').waitFor();
    expect(await row.locator('[data-col=chunks]').innerText()).toBe(String(stored[0]!.chunks_count));
    await browser.screenshot('documents-processed');

    await page().setInputFiles('input[name=document-file]', { name: 'picture.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pngBytes()) });
    await page().click('[data-testid=document-upload-submit]');
    expect((await page().locator('[data-testid=upload-problem]').innerText()).length).toBeGreaterThan(10);
    expect((await api<Page<StoredDocument>>('/api/documents')).items).toHaveLength(1);

    await row.locator('[data-testid=document-delete]').click();
    await row.locator('[data-testid=document-delete]', { hasText: 'Really delete?' }).click();
    await page().locator('[data-testid=document-list] .state-empty').waitFor();
    expect((await api<Page<StoredDocument>>('/api/documents')).items).toHaveLength(0);
  }, 90_000);

  it('imports a CSV: a bad row is refused with its line and reason, then a good file adds the product to the list', async () => {
    await openTab('transceivers');
    await page().click('[data-testid=import-open]');
    await page().setInputFiles('input[name=import-file]', {
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([IMPORT_HEADER, GOOD_ROW, BAD_ROW].join('\n')),
    });
    const report = page().locator('[data-testid=import-report]');
    const problem = page().locator('[data-testid=import-errors] tbody tr').first();
    // The dry run finds the bad row; importing anyway is refused (422) with the same row-level report.
    await page().click('[data-testid=import-check]');
    await page().locator('[data-testid=import-report][data-dry-run=true][data-blocked=true]').waitFor();
    expect(await page().locator('[data-testid=import-errors] tbody tr').count()).toBe(1);
    await page().click('[data-testid=import-commit]');
    await page().locator('[data-testid=import-report][data-refused=true]').waitFor();
    // The bad row is the third line of the file (after the header and the good row).
    expect(await problem.locator('[data-col=line]').innerText()).toBe('3');
    expect(await problem.innerText()).toContain('speed_gbps');
    expect(await problem.locator('[data-col=reason]').innerText()).toContain('"fast"');
    await browser.screenshot('import-refused');
    expect((await api<Page<ListedProduct>>('/api/transceivers?q=E2E-IMPORT')).total).toBe(0);

    await page().setInputFiles('input[name=import-file]', {
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([IMPORT_HEADER, GOOD_ROW].join('\n')),
    });
    await page().click('[data-testid=import-check]');
    await page().locator('[data-testid=import-report][data-dry-run=true][data-blocked=false]').waitFor();
    expect((await api<Page<ListedProduct>>('/api/transceivers?q=E2E-IMPORT')).total).toBe(0);
    await page().click('[data-testid=import-commit]');
    await page().locator('[data-testid=import-report][data-dry-run=false][data-refused=false]').waitFor();
    expect(await report.innerText()).toContain('1 new');

    await page().fill('[data-testid=transceiver-filters] input[name=q]', 'E2E-IMPORT');
    await page().locator('[data-testid=transceiver-table] tr[data-id]', { hasText: 'E2E-IMPORT-LR4' }).waitFor();
    await page().getByRole('button', { name: 'Reset' }).click();
  });

  it("shows each product's current price in the transceiver list", async () => {
    await openTab('transceivers');
    await settled();
    const listed = await api<Page<ListedProduct>>('/api/transceivers?limit=25');
    const priced = listed.items.filter((item) => item.current_price);
    expect(priced.length).toBeGreaterThan(0);
    for (const item of priced) {
      const cell = await page().locator(`[data-testid=transceiver-table] tr[data-id="${item.slug}"] [data-col=price]`).innerText();
      // The digits of the price with two decimals, whatever the currency sign and grouping.
      expect(cell.replace(/\D/g, '')).toBe(item.current_price!.price.toFixed(2).replace(/\D/g, ''));
    }
    const unpriced = listed.items.find((item) => item.current_price === null);
    if (unpriced) expect(await page().locator(`tr[data-id="${unpriced.slug}"] [data-col=price]`).innerText()).toBe('—');
  });

  it('switches the whole interface to German, with German numbers and dates, and keeps it after a reload', async () => {
    await openTab('overview');
    await language('de');
    expect(await page().locator('[role=tab]').allInnerTexts()).toEqual(GERMAN_TABS);
    expect(await page().locator('html').getAttribute('lang')).toBe('de');
    await settled();
    expect(await page().locator('[data-testid=catalogue-counts] h2').innerText()).toBe('Katalog');
    expect(await page().locator('[data-testid=health-card] h2').innerText()).toBe('Zustand des Dienstes');
    // de-DE: a decimal comma in the coverage share, and "12. Nov. 2025"-style dates in the price changes.
    expect((await page().locator('[data-testid=price-coverage] .headline').innerText()).replace(/\s+/g, ' ')).toMatch(
      /^\d+,\d % von [\d.]+ Transceivern haben einen Preis/,
    );
    expect(await page().locator('[data-testid=price-change-row]').first().innerText()).toMatch(/\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+\.? \d{4}/);

    await openTab('search');
    expect(await page().locator('[data-testid=search-form] button[type=submit]').innerText()).toBe('Suchen');
    expect(await page().locator('.state-empty').innerText()).toContain('Durchsuchen Sie Katalog');
    // While an index is still building, the service's answer says so for scripts (naming its stats path); the
    // dashboard says it in the reader's language, in words.
    await page().route('**/search?*', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Record<string, unknown>;
      const notice = 'The index is incomplete (product_embeddings still building); results cover what is indexed so far. See GET /search/stats.';
      await route.fulfill({ response, json: { ...json, index_complete: false, incomplete_collections: ['product_embeddings'], notice } });
    });
    await page().locator('[data-testid=search-form] input[name=q]').fill('100G LR4');
    await page().locator('[data-testid=search-form] button[type=submit]').click();
    const building = await page().locator('[data-testid=search-results] .banner-warn').innerText();
    expect(building).toContain('in ein, zwei Minuten');
    expect(building).not.toMatch(/GET|\/search/);
    await page().unroute('**/search?*');
    await openTab('hype');
    await page().locator('[data-testid=hype-curve] h2', { hasText: 'Hype-Zyklus · 11 Technologien · Stand' }).waitFor();
    await page().locator('[data-testid=factor-table] th:text-is("Gewicht")').waitFor();
    await openTab('transceivers');
    await settled();
    expect(await page().locator('[data-testid=transceiver-table] thead').innerText()).toContain('Aktueller Preis');
    expect(await page().locator('[data-testid=transceiver-table] thead').innerText()).toContain('Reichweite');
    const total = (await api<Page<ListedProduct>>('/api/transceivers?limit=1')).total;
    // The German thousands separator is a point.
    expect(await page().locator('[data-testid=pagination]').innerText()).toContain(`von ${total.toLocaleString('de-DE')}`);
    expect(await page().locator('[data-testid=pagination]').innerText()).toContain('Seite 1 von');
    const germanPrice = await page()
      .locator('[data-testid=transceiver-table] [data-col=price]', { hasText: /\d,\d\d/ })
      .first()
      .innerText();
    // A generated seed price carries the demo marker after the figure.
    expect(germanPrice).toMatch(/^[\d.]+,\d\d\s?(€|\$|£|US\$)(\s?Demo)?$/);
    await openTab('news');
    expect(await page().locator('[data-testid=news-list] h2').innerText()).toBe('Neueste Nachrichten');
    await openTab('documents');
    expect(await page().locator('[data-testid=document-upload] h2').innerText()).toBe('PDF hochladen');
    expect(await page().locator('[data-testid=document-upload-submit]').innerText()).toBe('Hochladen');

    await page().reload();
    await page().waitForSelector('[role=tablist]');
    expect(await page().locator('[role=tab][aria-selected=true]').innerText()).toBe('Dokumente');
    expect(await page().locator('[role=tab]').allInnerTexts()).toEqual(GERMAN_TABS);

    // The login page honours the stored choice too.
    const login = await browser.context.newPage();
    await login.goto(`${t.url}/dashboard/login.html`);
    expect(await login.locator('label[for=password]').innerText()).toBe('Dashboard-Passwort');
    expect(await login.locator('button[type=submit]').innerText()).toBe('Anmelden');
    await login.close();

    await language('en');
    expect(await page().locator('[role=tab][aria-selected=true]').innerText()).toBe('Documents');
  });

  it.each([
    [1280, 800],
    [1440, 900],
  ])(
    'shows every tab at %ix%i without horizontal overflow, in English and German',
    async (width, height) => {
      await page().setViewportSize({ width, height });
      for (const lang of ['en', 'de'] as const) {
        await language(lang);
        for (const tab of TABS) {
          await openTab(tab);
          await settled();
          expect(await overflow(), `${tab} ${lang} at ${width}x${height}`).toBe(0);
          // The transceiver list fits its card, so the price column is on screen without scrolling the table.
          if (tab === 'transceivers') expect(await tableOverflow(), `transceiver table ${lang} at ${width}x${height}`).toBe(0);
          if (lang === 'en') await browser.screenshot(`${tab}-${width}x${height}`);
          else if (width === 1280) await browser.screenshot(`${tab}-${width}x${height}-de`);
        }
      }
      await language('en');
      await page().setViewportSize({ width: 1280, height: 800 });
    },
    120_000,
  );
});
