import { beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/service/features/catalogue/import/import.service.js';
import type { TransceiverPage } from '../../src/shared/api/catalogue/transceivers.schemas.js';
import { insertReferenceData } from '../helpers/catalogue-fixtures.js';
import { useSignedInDashboard } from '../helpers/dashboard-suite.js';
import { generateTransceivers } from '../helpers/generated-catalogue.js';

/**
 * A broad text query's first read answers a lower bound of its total (total_exact: false): the Transceivers tab says
 * "1,000+" instead of a figure it was not given, and pages on past the bound until the walk reaches the last match,
 * where the total becomes exact again.
 */
describe('Transceivers tab: a bounded total (browser)', () => {
  const suite = useSignedInDashboard();
  const page = () => suite.page();
  const pagination = () => page().locator('[data-testid=pagination]');
  const firstPartNumber = () => page().locator('[data-testid=transceiver-table] tbody tr').first().locator('td').first().innerText();
  const GENERATED = 1500;

  beforeAll(async () => {
    const db = suite.session().t.service.ctx.db;
    await insertReferenceData(db);
    const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify(generateTransceivers(GENERATED, 0)), now: Date.now });
    expect(report.bad_rows).toBe(0);
  });

  it('shows "1,000+ matches", pages past the bound like the API, and the exact total on the last page', async () => {
    await page().getByRole('tab', { name: 'Transceivers' }).click();
    await page().selectOption('[data-testid=pagination] select', '200');
    await page().fill('[data-testid=transceiver-filters] input[name=q]', 'BX-');
    await page().locator('[data-testid=transceivers-bounded-total]', { hasText: '1,000+ matches' }).waitFor();
    expect(await pagination().innerText()).toContain('1–200 of 1,000+');
    expect(await pagination().innerText()).toContain('Page 1 of 5+');
    expect(await page().getByTestId('csv-export').innerText()).toContain('Export CSV (1,000+)');
    const first = await suite.api<TransceiverPage>('/api/transceivers?q=BX-&limit=200');
    expect(first).toMatchObject({ total: 1000, total_exact: false });

    // Past the bound the total stays one past the page (at least), so Next stays on until the walk reaches the end.
    let n = 1;
    while (!(await page().getByRole('button', { name: 'Next ›' }).isDisabled())) {
      n += 1;
      await page().getByRole('button', { name: 'Next ›' }).click();
      await pagination().locator(`text=Page ${n} of`).waitFor();
      const reference = await suite.api<TransceiverPage>(`/api/transceivers?q=BX-&limit=200&offset=${(n - 1) * 200}`);
      expect(await firstPartNumber(), `page ${n}`).toBe(reference.items[0]!.part_number);
      expect(n, 'pages').toBeLessThan(20);
    }
    // The last page: the walk read the whole catalogue, so the total is exact, the note is gone and the "+" too.
    const exact = await suite.api<TransceiverPage>('/api/transceivers?q=BX-&count=exact&limit=1');
    expect(exact.total_exact).toBe(true);
    expect(exact.total).toBeGreaterThanOrEqual(GENERATED);
    expect(n).toBe(Math.ceil(exact.total / 200));
    expect(await pagination().innerText()).toContain(`of ${exact.total.toLocaleString('en-GB')}`);
    expect(await pagination().innerText()).not.toContain('+');
    expect(await page().locator('[data-testid=transceivers-bounded-total]').count()).toBe(0);
  });
});
