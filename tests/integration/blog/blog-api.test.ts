import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Draft, type DraftPage, GenerateBody } from '../../../src/shared/api/blog/blog-drafts.schemas.js';
import type { Feedback } from '../../../src/shared/api/blog/blog-feedback.schemas.js';
import type { QueueReset, QueueState } from '../../../src/shared/api/blog/blog-queue.schemas.js';
import type { HotTopicsPage } from '../../../src/shared/api/sales/hot-topics.schemas.js';
import { EXAMPLE_HOT_TOPIC_ID } from '../../../src/shared/vocabulary/sales-alerts.vocabulary.js';
import { blogTools } from '../../../src/tool-server/tools/blog.tools.js';
import { blogClient } from '../../helpers/blog-client.js';
import { freeLoopbackPort } from '../../helpers/loopback-port.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const SCORES = { accuracy: 7, technical_depth: 6, practical_value: 8, originality: 5, structure: 7, readability: 8, human_tone: 6, sales_relevance: 9 };

/**
 * The blog endpoints over real HTTP on the seed data set, with the local provider pointed at a port where no Ollama
 * answers: every draft keeps its template, marked, with the reason the pipeline did not run.
 */
describe('blog engine API', () => {
  let t: TestService;
  let headers: Record<string, string>;
  const { call, generate, settled } = blogClient(() => ({ t, headers }));

  beforeAll(async () => {
    t = await startTestService({
      listen: true,
      env: { SEED_ON_START: 'true', LLM_PROVIDER: 'local', OLLAMA_HOST: `http://127.0.0.1:${await freeLoopbackPort()}` },
    });
    headers = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('creates a template draft at once from the catalogue, then says why the pipeline did not run', async () => {
    const created = await generate({ topic_type: 'comparison', title: '400G DR4 or FR4 for a leaf-spine fabric' });
    expect(created).toMatchObject({
      title: '400G DR4 or FR4 for a leaf-spine fabric',
      status: 'draft',
      generated_by: 'template:v1',
      is_template: true,
      qa_score: null,
    });
    expect(['queued', 'running', 'offline']).toContain(created.pipeline.state);
    expect(created.keywords).toContain('400G');
    expect(created.body).toContain('400GBASE-DR4');
    // The seed records no original-vendor prices at 400G: the draft says so instead of mixing them.
    expect(created.body).toContain("The catalogue records no original-vendor (OEM) price at 400G: every price below is a compatible part's.");
    expect(created.body).toMatch(/median compatible price is [\d,.]+ [A-Z]{3}/);
    expect(created.body).toContain('generated demo data');
    // The template keeps the fact rules; it is short, so min_words (and the content rules) are flagged for review.
    const rules = created.quality_issues.map((i) => i.rule);
    expect(rules).toEqual(expect.arrayContaining(['min_words', 'production_failures', 'hidden_costs', 'when_not_to_use']));
    for (const kept of ['plain_text', 'max_sections', 'sr4_dr4_fibers', 'power_per_port', 'price_separation']) expect(rules).not.toContain(kept);
    expect(created.word_count).toBeGreaterThan(50);

    const after = await settled(created.id);
    expect(after.pipeline.state).toBe('offline');
    expect(after.pipeline.message).toContain('Ollama is not running on this laptop');
    expect(after.pipeline.message).toContain('The template draft stands.');
    expect(after.generated_by).toBe('template:v1');
    expect(after.steps.map((s) => [s.name, s.status])).toEqual([['topic_expansion', 'failed']]);
  });

  it('writes from a hot topic: its title, keywords and evidence; an unknown topic or type is a 400 naming the field', async () => {
    const topics = (await call('GET', '/api/hot-topics?limit=5')).json as HotTopicsPage;
    const topic = topics.items[0]!;
    const draft = await generate({ topic_type: topic.topic_type, hot_topic: topic.id });
    expect(draft).toMatchObject({ title: topic.title, hot_topic: topic.id });
    expect(draft.body).toContain(topic.summary);
    for (const k of topic.keywords.slice(0, 3)) expect(draft.keywords).toContain(k);

    const unknown = await call('POST', '/api/blog/generate', { topic_type: 'tutorial', hot_topic: 'evergreen:no-such-topic' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: 'body/hot_topic: no hot topic "evergreen:no-such-topic" (GET /api/hot-topics lists them)' });
    const badType = await call('POST', '/api/blog/generate', { topic_type: 'poem' });
    expect(badType.status).toBe(400);
    expect((badType.json as { message: string }).message).toBe('body/topic_type must be one of: hype_cycle, comparison, new_product, tutorial');
    await t.service.ctx.blog.queue.idle();
  });

  it('gives as its example hot-topic id one GET /api/hot-topics lists and generate accepts, in the API reference and the tool alike', async () => {
    const evergreen = (await call('GET', '/api/hot-topics?source=evergreen_topics&limit=100')).json as HotTopicsPage;
    expect(evergreen.items.map((i) => i.id)).toContain(EXAMPLE_HOT_TOPIC_ID);
    expect(GenerateBody.properties.hot_topic.description).toContain(`"${EXAMPLE_HOT_TOPIC_ID}"`);
    const tool = blogTools().find((x) => x.name === 'generate_blog');
    expect(tool?.input.hot_topic?.description).toContain(`"${EXAMPLE_HOT_TOPIC_ID}"`);
    const draft = await generate({ topic_type: 'comparison', hot_topic: EXAMPLE_HOT_TOPIC_ID });
    expect(draft.hot_topic).toBe(EXAMPLE_HOT_TOPIC_ID);
    await t.service.ctx.blog.queue.idle();
  });

  it('lists drafts newest first and answers 404 for an unknown id', async () => {
    const page = (await call('GET', '/api/blog?limit=1')).json as DraftPage;
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).not.toHaveProperty('body');
    expect((await call('GET', '/api/blog/no-such-draft')).status).toBe(404);
    expect((await call('GET', '/api/blog?status=published')).status).toBe(400);
  });

  it('moves statuses only along the documented moves, and checks an edited body again', async () => {
    const draft = await settled((await generate({ topic_type: 'tutorial' })).id);
    const refused = await call('PATCH', `/api/blog/${draft.id}`, { status: 'approved' });
    expect(refused.status).toBe(422);
    expect((refused.json as { message: string }).message).toBe('body/status: a draft draft cannot move to approved (allowed: review)');
    expect(((await call('PATCH', `/api/blog/${draft.id}`, { status: 'review' })).json as Draft).status).toBe('review');
    const edited = (await call('PATCH', `/api/blog/${draft.id}`, { body: '## Heading\n\nSR4 uses 4 fibers.', status: 'approved' })).json as Draft;
    expect(edited).toMatchObject({ status: 'approved', word_count: 5 });
    expect(edited.quality_issues.map((i) => i.rule)).toEqual(expect.arrayContaining(['plain_text', 'sr4_dr4_fibers', 'min_words']));
    expect((await call('PATCH', `/api/blog/${draft.id}`, {})).status).toBe(400);
    for (const blank of ['\u0000', ' \u0000\t', '\u001b\u007f']) {
      const refusedTitle = await call('PATCH', `/api/blog/${draft.id}`, { title: blank });
      expect(refusedTitle.status).toBe(400);
      expect((refusedTitle.json as { message: string }).message).toBe('body/title must not be blank');
    }
    expect((await call('POST', '/api/blog/generate', { topic_type: 'tutorial', title: '\u0000' })).status).toBe(400);
    const wrongMove = await call('PATCH', `/api/blog/${draft.id}`, { status: 'draft' });
    expect((wrongMove.json as { message: string }).message).toBe('body/status: an approved draft cannot move to draft (allowed: review)');
  });

  it('stores feedback with eight validated scores, exports it as JSONL, and keeps it when the draft is deleted', async () => {
    const draft = await settled((await generate({ topic_type: 'new_product', title: 'New 800G DR8 optics' })).id);
    const missing = await call('POST', `/api/blog/${draft.id}/feedback`, { scores: { ...SCORES, human_tone: undefined } });
    expect(missing.status).toBe(400);
    expect((missing.json as { message: string }).message).toContain('human_tone');
    const tooHigh = await call('POST', `/api/blog/${draft.id}/feedback`, { scores: { ...SCORES, accuracy: 11 } });
    expect(tooHigh.status).toBe(400);
    expect((tooHigh.json as { message: string }).message).toBe('body/scores.accuracy must be <= 10');

    const stored = await call('POST', `/api/blog/${draft.id}/feedback`, { scores: SCORES, comment: 'Name the switch models.' });
    expect(stored.status).toBe(201);
    expect(stored.json as Feedback).toMatchObject({ draft_id: draft.id, source: 'person', scores: SCORES, overall: 7, comment: 'Name the switch models.' });

    expect((await call('DELETE', `/api/blog/${draft.id}`)).status).toBe(204);
    expect((await call('GET', `/api/blog/${draft.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/blog/${draft.id}`)).status).toBe(404);

    const exported = await call('GET', '/api/blog/feedback/training-data?source=person');
    expect(exported.status).toBe(200);
    expect(exported.type).toContain('application/x-ndjson');
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { draft_id: string | null; scores: unknown; messages: Array<{ role: string; content: string }> });
    const line = lines.find((l) => l.scores !== undefined && l.messages[1]?.content.includes('New 800G DR8 optics'));
    expect(line).toMatchObject({ draft_id: null, scores: SCORES });
    expect(line?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(line?.messages[2]?.content).toBe(draft.body);
    expect((await call('GET', '/api/blog/feedback/training-data?min_overall=11')).status).toBe(400);
  });

  it('regenerates (resume only where a run stopped), shows and resets the queue', async () => {
    const draft = await settled((await generate({ topic_type: 'hype_cycle' })).id);
    expect(draft.pipeline).toMatchObject({ state: 'offline', run: 1 });
    const resumed = await call('POST', `/api/blog/${draft.id}/resume`);
    expect(resumed.status).toBe(202);
    expect((resumed.json as Draft).pipeline.run).toBe(1);
    const again = await settled(draft.id);
    const full = await call('POST', `/api/blog/${again.id}/regenerate`);
    expect(full.status).toBe(202);
    expect((full.json as Draft).pipeline.run).toBe(2);
    await t.service.ctx.blog.queue.idle();

    const queue = (await call('GET', '/api/blog/llm/queue')).json as QueueState;
    expect(queue).toMatchObject({ length: 0, running: null, queued: [], gap_ms: 3000, stall_ms: 900000 });
    const reset = (await call('POST', '/api/blog/llm/reset-queue')).json as QueueReset;
    expect(reset).toMatchObject({ cancelled: [], queue: { length: 0, resets: queue.resets + 1 } });
    expect((await call('POST', '/api/blog/no-such/regenerate')).status).toBe(404);
    expect((await call('POST', '/api/blog/no-such/resume')).status).toBe(404);
  });

  it('exports a draft as plain text and as escaped HTML', async () => {
    const draft = await settled((await generate({ topic_type: 'comparison', title: 'SR4 <vs> DR4 & friends' })).id);
    const text = await call('GET', `/api/blog/${draft.id}/text`);
    expect(text.type).toContain('text/plain');
    expect(text.text.startsWith('SR4 <vs> DR4 & friends\n\n')).toBe(true);
    expect(text.text).toContain('Template draft');
    const html = await call('GET', `/api/blog/${draft.id}/html`);
    expect(html.type).toContain('text/html');
    expect(html.text).toContain('<h1>SR4 &#60;vs&#62; DR4 &#38; friends</h1>');
    expect(html.text).toContain('<h2>What the catalogue shows</h2>');
  });
});
