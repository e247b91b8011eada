import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Draft, DraftPage } from '../../src/shared/api/blog/blog-drafts.schemas.js';
import { useSignedInDashboard } from '../helpers/dashboard-suite.js';

/**
 * The Blog Engine tab in Debian's Chromium against the seeded service. No Ollama answers at the default address here,
 * so every draft keeps its template and says why: what a salesperson sees when the model server is not started.
 */
describe('Blog Engine tab (browser)', () => {
  const dashboard = useSignedInDashboard();
  const { page, api } = dashboard;
  const draftView = () => page().locator('[data-testid=blog-draft]');

  it('generates a template draft and shows its hashtags, quality issues, text and why the pipeline did not run', async () => {
    await page().click('[role=tab][data-tab=blog]');
    await page().waitForSelector('[role=tab][data-tab=blog][aria-selected=true]');
    await dashboard.settled();
    expect(await page().locator('[data-testid=blog-drafts]').innerText()).toContain('No drafts yet');
    await page().fill('input[name=blog-title]', '400G DR4 or FR4 for a leaf-spine fabric');
    await page().selectOption('select[name=blog-topic-type]', 'comparison');
    await page().click('[data-testid=blog-generate-submit]');
    await draftView().locator('[data-testid=blog-draft-heading]').waitFor();

    const [listed] = (await api<DraftPage>('/api/blog')).items;
    const draft = await api<Draft>(`/api/blog/${listed!.id}`);
    expect(await draftView().locator('[data-testid=blog-draft-heading]').innerText()).toBe('400G DR4 or FR4 for a leaf-spine fabric');
    expect(await draftView().locator('[data-testid=blog-generated-by]').innerText()).toBe('template draft');
    expect(await draftView().locator('[data-testid=blog-hashtags] .tag').allInnerTexts()).toEqual(
      draft.keywords.map((k) => `#${k.replace(/[^\p{L}\p{N}.]+/gu, '')}`),
    );
    expect(await draftView().locator('[data-testid=blog-hashtags]').innerText()).toContain('#400GBASEDR4');
    const rules = await draftView()
      .locator('[data-testid=blog-quality-issues] li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-rule')));
    expect(rules).toEqual(draft.quality_issues.map((i) => i.rule));
    expect(rules).toContain('min_words');
    expect(await draftView().locator('[data-testid=blog-body]').innerText()).toContain('What the catalogue shows');
    // The run fails at once without a model; the draft view polls until it sees that (within one poll interval).
    await expect
      .poll(
        () =>
          draftView()
            .locator('[data-testid=blog-pipeline-message]')
            .innerText()
            .catch(() => ''),
        { timeout: 40_000 },
      )
      .toContain('Ollama is not running on this laptop');
    expect(await draftView().locator('[data-testid=blog-progress]').innerText()).toContain('Pipeline did not run (offline)');
    expect(await page().locator('[data-testid=blog-draft-list] li').count()).toBe(1);
    await dashboard.browser().screenshot('blog-template-draft');
  }, 60_000);

  it('regenerates (shown because of the quality issues), resumes, takes feedback and exports text and HTML', async () => {
    const [listed] = (await api<DraftPage>('/api/blog')).items;
    await draftView().locator('[data-testid=blog-regenerate]').click();
    await expect.poll(async () => (await api<Draft>(`/api/blog/${listed!.id}`)).pipeline.run, { timeout: 10_000 }).toBe(2);
    await draftView().locator('[data-testid=blog-resume]').waitFor({ timeout: 40_000 });

    await page().selectOption('[data-testid=blog-feedback] select[name=score-accuracy]', '9');
    await page().selectOption('[data-testid=blog-feedback] select[name=score-human_tone]', '3');
    await page().fill('[data-testid=blog-feedback] textarea', 'Name the switch models that take these optics.');
    await page().click('[data-testid=blog-feedback-submit]');
    await page().locator('[data-testid=blog-feedback-result]').waitFor();
    expect(await page().locator('[data-testid=blog-feedback-result]').innerText()).toBe('Feedback saved (mean 6.8/10).');
    const exported = await dashboard.fetchApi(`/api/blog/feedback/training-data?source=person`);
    const line = JSON.parse((await exported.text()).trim().split('\n').at(-1)!) as { scores: Record<string, number>; comment: string };
    expect(line).toMatchObject({ comment: 'Name the switch models that take these optics.', scores: { accuracy: 9, human_tone: 3, structure: 7 } });

    const [text] = await Promise.all([page().waitForEvent('download'), draftView().locator('[data-testid=blog-export-text]').click()]);
    expect(text.suggestedFilename()).toBe('400G-DR4-or-FR4-for-a-leaf-spine-fabric.txt');
    expect(readFileSync((await text.path())!, 'utf8')).toContain('400G DR4 or FR4 for a leaf-spine fabric\n\nThis is a template draft');
    const [html] = await Promise.all([page().waitForEvent('download'), draftView().locator('[data-testid=blog-export-html]').click()]);
    expect(html.suggestedFilename()).toBe('400G-DR4-or-FR4-for-a-leaf-spine-fabric.html');
    expect(readFileSync((await html.path())!, 'utf8')).toContain('<h2>What the catalogue shows</h2>');
  }, 90_000);

  it('shows "pipeline busy" instead of sending a second request while a pipeline runs', async () => {
    // The queue as the service reports it while a pipeline runs (a real run takes minutes; without a model it ends at once).
    await page().route('**/api/blog/llm/queue', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          length: 0,
          running: { draft_id: 'x', title: 'A running draft', step: 4, since: new Date().toISOString(), last_progress_at: new Date().toISOString() },
          queued: [],
          gap_ms: 3000,
          stall_ms: 900000,
          resets: 0,
        }),
      }),
    );
    const generates: string[] = [];
    page().on('request', (request) => {
      if (request.url().endsWith('/api/blog/generate')) generates.push(request.method());
    });
    const before = (await api<DraftPage>('/api/blog')).total;
    await page().fill('input[name=blog-title]', 'A second draft');
    await page().click('[data-testid=blog-generate-submit]');
    await page().locator('[data-testid=blog-busy]').waitFor();
    expect(await page().locator('[data-testid=blog-busy]').innerText()).toContain('Pipeline busy');
    expect(generates).toEqual([]);
    expect((await api<DraftPage>('/api/blog')).total).toBe(before);
    await page().unroute('**/api/blog/llm/queue');
  });

  it('deletes a draft', async () => {
    await draftView().locator('[data-testid=blog-delete]').click();
    await draftView().waitFor({ state: 'detached' });
    await expect.poll(() => page().locator('[data-testid=blog-draft-list] li').count()).toBe(0);
    expect((await api<DraftPage>('/api/blog')).total).toBe(0);
  });
});
