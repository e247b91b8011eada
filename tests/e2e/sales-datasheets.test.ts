import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TransceiverDatasheet } from '../../src/shared/api/sales/datasheets.schemas.js';
import { useSignedInDashboard } from '../helpers/dashboard-suite.js';

const SLUG = 'operator-q28-100g-lr4-csc';

/** The product view's datasheet card in Chromium: the budget summary and the HTML and PDF export buttons. */
describe('datasheet exports on the product view (browser)', () => {
  const dashboard = useSignedInDashboard();
  const { page } = dashboard;

  it('shows the power budget and downloads the HTML and PDF datasheets', async () => {
    const response = await dashboard.fetchApi(`/api/datasheets/transceiver/${SLUG}`);
    const datasheet = (await response.json()) as TransceiverDatasheet;

    await page().getByRole('tab', { name: 'Transceivers' }).click();
    await page().fill('[data-testid=transceiver-filters] input[name=q]', datasheet.product.part_number);
    await page().locator(`tr[data-id="${SLUG}"] button`).first().click();
    const budget = page().locator('[data-testid=datasheet-budget]');
    await budget.waitFor();
    const text = (await budget.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('6.30 dB'); // the budget of 100GBASE-LR4: -4.3 - (-10.6)
    expect(text).toContain('0.30 dB'); // its margin at 10 km

    const [html] = await Promise.all([page().waitForEvent('download'), page().click('[data-testid=datasheet-export-html]')]);
    expect(html.suggestedFilename()).toBe('Q28-100G-LR4-CSC-datasheet.html');
    const body = readFileSync((await html.path())!, 'utf8');
    expect(body).toContain('Q28-100G-LR4-CSC');
    expect(body).not.toMatch(/https?:/i);

    const [pdf] = await Promise.all([page().waitForEvent('download'), page().click('[data-testid=datasheet-export-pdf]')]);
    expect(pdf.suggestedFilename()).toBe('Q28-100G-LR4-CSC-datasheet.pdf');
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await dashboard.browser().screenshot('transceiver-datasheet');
  });
});
