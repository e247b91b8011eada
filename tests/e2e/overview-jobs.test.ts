import { describe, expect, it } from 'vitest';
import type { JobRunPage } from '../../src/shared/api/jobs.schemas.js';
import { useSignedInDashboard } from '../helpers/dashboard-suite.js';

/** The Overview's background-jobs card in Debian's Chromium against the seeded service (timers off, no feeds set). */
describe('background jobs card (browser)', () => {
  const dashboard = useSignedInDashboard();

  it('lists the news job as never run, runs it on "Run now", and shows the recorded run', async () => {
    const page = dashboard.page();
    const row = page.locator('[data-testid=jobs-card] [data-testid=job-row][data-job=news]');
    await row.waitFor();
    expect(await row.innerText()).toContain('never run');
    expect(await page.locator('[data-testid=jobs-card]').innerText()).toContain('Timers are off');

    await row.locator('[data-testid=job-run-now]').click();
    await row.locator('[data-status=succeeded]').waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain('No feeds configured (NEWS_FEEDS): nothing to read');

    const response = await dashboard.fetchApi(`/api/jobs/runs?job=news`);
    const history = (await response.json()) as JobRunPage;
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ trigger: 'manual', status: 'succeeded' });
  });
});
