import { beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/service/features/catalogue/import/import.service.js';
import type { TransceiverPage } from '../../src/shared/api/catalogue/transceivers.schemas.js';
import { insertReferenceData } from '../helpers/catalogue-fixtures.js';
import { useSignedInDashboard } from '../helpers/dashboard-suite.js';
import { generateTransceivers } from '../helpers/generated-catalogue.js';

/**
 * A broad text query is counted exactly like any other list: the Transceivers tab shows the figure, the number of
 * pages and the CSV export's row count without a "+", and pages to the last match.
 */
describe('Transceivers tab: exact totals (browser)', () => {
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

  it('shows the exact total of a broad text query, its page count and export count, and pages to the last match', async () => {
    const reference = await suite.api<TransceiverPage>('/api/transceivers?q=BX-&limit=200');
    expect(reference.total).toBeGreaterThanOrEqual(GENERATED);
    const total = reference.total.toLocaleString('en-GB');
    const pages = Math.ceil(reference.total / 200);

    await page().getByRole('tab', { name: 'Transceivers' }).click();
    await page().selectOption('[data-testid=pagination] select', '200');
    await page().fill('[data-testid=transceiver-filters] input[name=q]', 'BX-');
    await pagination().locator(`text=1–200 of ${total}`).waitFor();
    expect(await pagination().innerText()).toContain(`Page 1 of ${pages}`);
    expect(await pagination().innerText()).not.toContain('+');
    expect(await page().getByTestId('csv-export').innerText()).toContain(`Export CSV (${total})`);
    expect(await firstPartNumber()).toBe(reference.items[0]!.part_number);

    for (let n = 2; n <= pages; n++) {
      await page().getByRole('button', { name: 'Next ›' }).click();
      await pagination().locator(`text=Page ${n} of ${pages}`).waitFor();
      const expected = await suite.api<TransceiverPage>(`/api/transceivers?q=BX-&limit=200&offset=${(n - 1) * 200}`);
      expect(await firstPartNumber(), `page ${n}`).toBe(expected.items[0]!.part_number);
    }
    expect(await page().getByRole('button', { name: 'Next ›' }).isDisabled()).toBe(true);
    expect(await pagination().innerText()).toContain(`of ${total}`);
  });
});
