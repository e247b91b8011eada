import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/service/config.js';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { migrate, migrationsDirFor } from '../../../src/service/db/migrator.js';
import { createBlogEngine, type BlogEngine } from '../../../src/service/features/blog/index.js';
import { addFeedback } from '../../../src/service/features/blog/blog-feedback.service.js';
import { feedbackRows, insertDraft, stepRuns } from '../../../src/service/features/blog/blog.repository.js';
import { getDraft, regenerateDraft, resetQueue } from '../../../src/service/features/blog/blog.service.js';
import { feedbackOf } from '../../../src/service/features/blog/blog.mappers.js';
import { type ChatRequest, type LanguageModel, LanguageModelUnavailableError } from '../../../src/service/features/blog/llm/language-model.types.js';
import { createLogger } from '../../../src/service/logger.js';
import { goodArticle } from '../../helpers/blog-articles.js';
import { dropTestDatabase, testDatabaseEnv } from '../../helpers/test-database.js';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock.js';

const SCORES = { accuracy: 8, technical_depth: 7, practical_value: 8, originality: 6, structure: 8, readability: 7, human_tone: 7, sales_relevance: 9 };

/** A scripted model: answers each step by what its prompt asks, records every call, and may fail on one step. */
function scriptedModel(clock: FakeClock, script: { article?: string; repair?: (round: number) => string; failOn?: string; unavailable?: boolean } = {}) {
  let repairs = 0;
  const calls: ChatRequest[] = [];
  let failOn = script.failOn;
  const model: LanguageModel = {
    provider: 'local',
    id: 'local:scripted',
    async chat(request) {
      calls.push(request);
      await clock.advance(2_000);
      if (script.unavailable) throw new LanguageModelUnavailableError('Ollama is not running. Start Ollama.');
      const prompt = request.messages.at(-1)?.content ?? '';
      if (failOn !== undefined && prompt.includes(failOn)) {
        failOn = undefined;
        throw new Error('the model answered garbage');
      }
      request.onText?.('...');
      if (prompt.includes('Expand the topic')) return 'Questions and subtopics.\nKeywords: 800G, DR8, hot aisle';
      if (prompt.includes('Propose three angles')) return "Angle: the buyer's decision.";
      if (prompt.includes('Write the outline')) return 'Five sections.';
      if (prompt.includes('Score the article')) return `Here you go: ${JSON.stringify({ ...SCORES, comment: 'Solid.' })}`;
      if (prompt.includes('breaks these hard rules')) return script.repair?.(++repairs) ?? script.article ?? goodArticle();
      return `## A heading\n\n${script.article ?? goodArticle()}`;
    },
    status: () => Promise.resolve({ provider: 'local', id: 'local:scripted', available: true, message: 'ready' }),
  };
  return { model, calls, prompts: () => calls.map((c) => c.messages.at(-1)?.content ?? '') };
}

let dir: string;
let db: AppDatabase;
let clock: FakeClock;
let engine: BlogEngine | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ti-blog-'));
  const config = loadConfig({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) });
  db = await openDatabase(config.database);
  await migrate(db, migrationsDirFor(config.migrationsDir, db.engine));
  clock = createFakeClock();
});

afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await db.close();
  await dropTestDatabase(dir);
  rmSync(dir, { recursive: true, force: true });
});

async function start(model: LanguageModel, logger = createLogger('silent')): Promise<BlogEngine> {
  engine = await createBlogEngine({ db, logger, model, resourcesDir: 'resources', clock });
  return engine;
}

async function queueDraft(e: BlogEngine, id = 'd1'): Promise<string> {
  const now = new Date(clock.now()).toISOString();
  await insertDraft(db, {
    id,
    title: '800G optics for AI clusters',
    topic_type: 'comparison',
    body: 'Template body.',
    keywords: JSON.stringify(['800G']),
    generated_by: 'template:v1',
    facts: JSON.stringify({ speed_label: '800G' }),
    pipeline_state: 'queued',
    pipeline_run: 1,
    pipeline_queued_at: now,
    created_at: now,
    updated_at: now,
  });
  e.poke();
  return id;
}

describe('pipeline runner', () => {
  it('runs the 10 steps and stores the result: pipeline generated_by, word count, QA score, review, and the score as feedback', async () => {
    const scripted = scriptedModel(clock);
    const e = await start(scripted.model);
    const id = await queueDraft(e);
    await e.queue.idle();
    const draft = await getDraft(e, id);
    expect(draft).toMatchObject({ generated_by: 'pipeline:v1:local:scripted', is_template: false, status: 'review', quality_issues: [] });
    expect(draft.pipeline).toMatchObject({ state: 'succeeded', steps_done: 10, message: null });
    expect(draft.word_count).toBeGreaterThanOrEqual(2500);
    // The markdown heading the model wrote was repaired by program, not passed on.
    expect(draft.body).not.toContain('##');
    // One score: the mean of the eight, the same number as the overall of the pipeline's feedback row.
    expect(draft.qa_score).toBe(7.5);
    expect(draft.keywords).toEqual(['800G', 'DR8', 'hot aisle']);
    // Each model call takes 2 s of the fake clock; the QA step calls no model when only markdown needed repairing.
    const durations = [2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 0, 2_000];
    expect(draft.steps.map((s) => [s.step, s.status, s.duration_ms])).toEqual(durations.map((d, i) => [i + 1, 'succeeded', d]));
    const [feedback] = await feedbackRows(db, { source: 'pipeline' });
    expect(feedback).toMatchObject({ draft_id: id, accuracy: 8, sales_relevance: 9, generated_by: 'pipeline:v1:local:scripted' });
    // Every call carried the system prompt with the hard rules.
    expect(scripted.calls.every((c) => c.messages[0]?.role === 'system' && c.messages[0].content.includes('SR4 and DR4 both use 8 fibers'))).toBe(true);
  });

  it('a failed step leaves the earlier outputs; resume continues from the failed step without repeating them', async () => {
    const scripted = scriptedModel(clock, { failOn: 'Deepen the technical content' });
    const e = await start(scripted.model);
    const id = await queueDraft(e);
    await e.queue.idle();
    const failed = await getDraft(e, id);
    expect(failed.pipeline).toMatchObject({ state: 'failed', step: 6, step_name: 'technical_deepening', steps_done: 5 });
    expect(failed.pipeline.message).toBe(
      'Step 6 (technical_deepening) failed: the model answered garbage. The template draft stands. Resume to continue from it.',
    );
    expect(failed).toMatchObject({ generated_by: 'template:v1', body: 'Template body.', status: 'draft' });
    expect((await stepRuns(db, id, 1)).map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'failed']);

    const before = scripted.calls.length;
    await regenerateDraft(e, id, { resume: true });
    await clock.advance(3_000);
    await e.queue.idle();
    const resumed = await getDraft(e, id);
    expect(resumed.pipeline).toMatchObject({ state: 'succeeded', run: 1, steps_done: 10 });
    const again = scripted.prompts().slice(before);
    expect(again.some((p) => p.includes('Expand the topic') || p.includes('Write the whole article from the outline'))).toBe(false);
    expect(again[0]).toContain('Deepen the technical content');
    // A run that succeeded has nothing to resume.
    await expect(regenerateDraft(e, id, { resume: true })).rejects.toThrow(
      'The latest run of this draft is succeeded; there is nothing to resume (regenerate starts a new run)',
    );
  });

  it('offline: the template draft stands, marked, with the reason', async () => {
    const e = await start(scriptedModel(clock, { unavailable: true }).model);
    const id = await queueDraft(e);
    await e.queue.idle();
    const draft = await getDraft(e, id);
    expect(draft).toMatchObject({ generated_by: 'template:v1', is_template: true, body: 'Template body.', status: 'draft', qa_score: null });
    expect(draft.pipeline.state).toBe('offline');
    expect(draft.pipeline.message).toContain('Ollama is not running. Start Ollama.');
    expect(draft.pipeline.message).toContain('The template draft stands.');
  });

  it("a provider's failure details (a bridge command's exit code, stdout, stderr) are stored with the step and logged", async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const details = { command: 'assistant -p', exitCode: 3, signal: null, stdout: 'half an answer', stderr: 'quota exhausted' };
    const model: LanguageModel = {
      provider: 'bridge',
      id: 'bridge:assistant',
      chat: () => Promise.reject(new LanguageModelUnavailableError('The bridge command assistant failed with exit code 3.', details)),
      status: () => Promise.resolve({ provider: 'bridge', id: 'bridge:assistant', available: true, message: 'ready' }),
    };
    const e = await start(model, logger);
    const id = await queueDraft(e);
    await e.queue.idle();
    const [step] = await stepRuns(db, id, 1);
    expect(JSON.parse(step!.details ?? 'null')).toEqual(details);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; details?: unknown }).find((l) => l.msg.includes('exit code 3'));
    expect(logged?.details).toEqual(details);
  });

  it('a broken rule the repair rounds cannot fix keeps the draft out of review, named, with one lowered score in both places', async () => {
    const wrong = goodArticle({ extra: 'In our racks, 400GBASE-SR4 runs over single-mode fiber.' });
    const scripted = scriptedModel(clock, { article: wrong });
    const e = await start(scripted.model);
    const id = await queueDraft(e);
    await e.queue.idle();
    const draft = await getDraft(e, id);
    expect(draft).toMatchObject({ status: 'draft', generated_by: 'pipeline:v1:local:scripted' });
    expect(draft.pipeline.state).toBe('succeeded');
    expect(draft.quality_issues.map((i) => i.rule)).toEqual(['sr4_dr4_fibers']);
    expect(draft.pipeline.message).toMatch(
      /^The article still breaks 1 hard rule\(s\) after 3 repair rounds, so it stays a draft instead of going to review: sr4_dr4_fibers \(SR4 runs over multimode fiber, not single-mode/,
    );
    expect(scripted.prompts().filter((p) => p.includes('breaks these hard rules'))).toHaveLength(3);
    // Each of the eight scores is lowered by one for the broken rule: the draft and the feedback row say 6.5.
    expect(draft.qa_score).toBe(6.5);
    const [feedback] = await feedbackRows(db, { source: 'pipeline' });
    expect(feedbackOf(feedback!).overall).toBe(draft.qa_score);
  });

  it('an 8-section article of about 1,000 words is expanded and merged by the repair rounds before it goes to review', async () => {
    const short = goodArticle({ sections: 8, paragraphs: 2 });
    const scripted = scriptedModel(clock, { article: short, repair: (round) => (round < 2 ? short : goodArticle()) });
    const e = await start(scripted.model);
    const id = await queueDraft(e);
    await e.queue.idle();
    const draft = await getDraft(e, id);
    expect(draft).toMatchObject({ status: 'review', quality_issues: [], qa_score: 7.5 });
    expect(draft.word_count).toBeGreaterThanOrEqual(2500);
    const repairs = scripted.prompts().filter((p) => p.includes('breaks these hard rules'));
    expect(repairs).toHaveLength(2);
    expect(repairs[0]).toContain('Expand it to at least 2,500 words');
    expect(repairs[0]).toContain('Merge sections until there are at most 6');
  });

  it('an article that stays under 2,500 words in 8 sections after the repair rounds stays a draft naming both rules', async () => {
    const short = goodArticle({ sections: 8, paragraphs: 2 });
    const scripted = scriptedModel(clock, { article: short });
    const e = await start(scripted.model);
    const id = await queueDraft(e);
    await e.queue.idle();
    const draft = await getDraft(e, id);
    expect(draft.word_count).toBeLessThan(2500);
    expect(draft.status).toBe('draft');
    expect(draft.quality_issues.map((i) => i.rule)).toEqual(['max_sections', 'min_words']);
    expect(draft.pipeline.message).toMatch(/max_sections \(Has \d+ sections; at most 6 are allowed\)/);
    expect(draft.pipeline.message).toContain(`min_words (Has ${draft.word_count} words; at least 2,500 are required)`);
    expect(scripted.prompts().filter((p) => p.includes('breaks these hard rules'))).toHaveLength(3);
    const [feedback] = await feedbackRows(db, { source: 'pipeline' });
    expect(feedbackOf(feedback!).overall).toBe(draft.qa_score);
    expect(draft.qa_score).toBe(5.5);
  });

  it('a reset answers with the running draft among the cancelled and no longer running in the queue', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const model: LanguageModel = {
      provider: 'local',
      id: 'local:held',
      chat: (request) =>
        new Promise<string>((_resolve, reject) => {
          started();
          request.signal?.addEventListener('abort', () => reject(request.signal?.reason as Error), { once: true });
        }),
      status: () => Promise.resolve({ provider: 'local', id: 'local:held', available: true, message: 'ready' }),
    };
    const e = await start(model);
    const id = await queueDraft(e);
    await running;
    expect((await getDraft(e, id)).pipeline.state).toBe('running');
    const reply = await resetQueue(e);
    expect(reply.cancelled).toEqual([id]);
    expect(reply.queue.running).toBeNull();
    await e.queue.idle();
    expect((await getDraft(e, id)).pipeline.state).toBe('cancelled');
  });

  it("marks a run a stopped process left running as failed at start, resumable; its queued draft is the team's and runs", async () => {
    const now = new Date(clock.now()).toISOString();
    const draft = (id: string, state: 'queued' | 'running' | 'succeeded') =>
      insertDraft(db, {
        id,
        title: `Draft ${id}`,
        topic_type: 'comparison',
        body: 'Template body.',
        keywords: '[]',
        generated_by: 'template:v1',
        facts: '{}',
        pipeline_state: state,
        pipeline_run: 1,
        pipeline_queued_at: now,
        created_at: now,
        updated_at: now,
      });
    await draft('left-queued', 'queued');
    await draft('left-running', 'running');
    await draft('finished', 'succeeded');
    const e = await start(scriptedModel(clock).model);
    expect((await getDraft(e, 'left-running')).pipeline).toMatchObject({
      state: 'failed',
      message: 'The service stopped during the run. Resume it to continue from the step it reached.',
    });
    await e.queue.idle();
    expect((await getDraft(e, 'left-queued')).pipeline).toMatchObject({ state: 'succeeded', steps_done: 10 });
    expect((await getDraft(e, 'finished')).pipeline.state).toBe('succeeded');
    await regenerateDraft(e, 'left-running', { resume: true });
    await clock.advance(3_000);
    await e.queue.idle();
    expect((await getDraft(e, 'left-running')).pipeline).toMatchObject({ state: 'succeeded', run: 1, steps_done: 10 });
  });

  it("people's feedback joins the system prompt of the next run", async () => {
    const scripted = scriptedModel(clock);
    const e = await start(scripted.model);
    const id = await queueDraft(e);
    await e.queue.idle();
    await addFeedback(db, clock.now(), id, { scores: { ...SCORES, technical_depth: 2 }, comment: 'Say more about DR8 breakout cabling.' });
    await regenerateDraft(e, id, {});
    await clock.advance(3_000);
    await e.queue.idle();
    const system = scripted.calls.at(-1)?.messages[0]?.content ?? '';
    expect(system).toContain('Accumulated feedback from 1 review(s)');
    expect(system).toContain('- Say more about DR8 breakout cabling.');
    expect((await getDraft(e, id)).pipeline.run).toBe(2);
  });
});
