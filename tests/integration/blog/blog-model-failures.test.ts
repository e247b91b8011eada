import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Draft, DraftSteps } from '../../../src/shared/api/blog/blog-drafts.schemas.js';
import { loadConfig } from '../../../src/service/config.js';
import { type AppDatabase, openDatabase } from '../../../src/service/db/database.js';
import { migrate, migrationsDirFor } from '../../../src/service/db/migrator.js';
import { createBlogEngine, type BlogEngine } from '../../../src/service/features/blog/index.js';
import { getDraft } from '../../../src/service/features/blog/blog.service.js';
import { insertDraft } from '../../../src/service/features/blog/blog.repository.js';
import { createLanguageModel } from '../../../src/service/features/blog/llm/index.js';
import { createLogger } from '../../../src/service/logger.js';
import { goodArticle } from '../../helpers/blog-articles.js';
import { blogClient } from '../../helpers/blog-client.js';
import { dropTestDatabase, testDatabaseEnv } from '../../helpers/test-database.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { type HostedApiStandIn, STAND_IN_API_KEY, startHostedApiStandIn } from '../../fixtures/llm/hosted-api-stand-in.js';
import { llmConfig } from './llm/llm-test-config.js';

const SCORES = { accuracy: 8, technical_depth: 7, practical_value: 8, originality: 6, structure: 8, readability: 7, human_tone: 7, sales_relevance: 9 };

/** A failing bridge command: it writes to both streams and exits 3 (a real child process; double quotes only). */
const FAILING_BRIDGE = `"${process.execPath}" -e 'process.stdout.write("half an answer"); process.stderr.write("quota exhausted for today"); process.exit(3);'`;

describe('a failing bridge command through the service', () => {
  let t: TestService;
  let headers: Record<string, string>;
  const { call, generate, settled } = blogClient(() => ({ t, headers }));

  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { SEED_ON_START: 'true', LLM_PROVIDER: 'bridge', LLM_BRIDGE_COMMAND: FAILING_BRIDGE } });
    headers = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('stores its exit code, stdout and stderr with the failed step, and the draft and steps endpoints return them', async () => {
    const created = await generate({ topic_type: 'tutorial' });
    const draft = await settled(created.id);
    expect(draft.pipeline.state).toBe('offline');
    expect(draft.pipeline.message).toContain('failed with exit code 3; its stdout and stderr are in the details.');
    expect(draft.pipeline.message).toContain(`The details are stored with step 1: GET /api/blog/${draft.id}/steps.`);
    const expected = { exitCode: 3, signal: null, stdout: 'half an answer', stderr: 'quota exhausted for today' };
    expect(draft.steps).toEqual([expect.objectContaining({ name: 'topic_expansion', status: 'failed', details: expect.objectContaining(expected) })]);
    const steps = (await call('GET', `/api/blog/${draft.id}/steps`)).json as DraftSteps;
    expect(steps.items[0]?.details).toMatchObject(expected);
  });
});

/** The stand-in model's answer to each pipeline step, read from what the step's prompt asks for. */
function answerStep(prompt: string): string {
  if (prompt.includes('Expand the topic')) return 'Questions a buyer asks.\nKeywords: 400G, DR4';
  if (prompt.includes('Score the article')) return JSON.stringify({ ...SCORES, comment: 'Clear.' });
  if (prompt.includes('Propose three angles') || prompt.includes('Write the outline')) return 'Short.';
  return goodArticle();
}

describe('a hosted call waiting out a 429 shows the wait on the running draft', () => {
  let api: HostedApiStandIn;
  let dir: string;
  let db: AppDatabase;
  let engine: BlogEngine | undefined;

  beforeAll(async () => {
    api = await startHostedApiStandIn({ answer: (c) => answerStep(c.body.messages.at(-1)?.content ?? '') });
    dir = mkdtempSync(join(tmpdir(), 'ti-blog-wait-'));
    const config = loadConfig({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) });
    db = await openDatabase(config.database);
    await migrate(db, migrationsDirFor(config.migrationsDir, db.engine));
  });
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });
  afterAll(async () => {
    await api?.close();
    await db?.close();
    await dropTestDatabase(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('rate_limit, the retry and when, until the model answers; then the wait is gone', async () => {
    const waits: Array<{ ms: number; release(): void }> = [];
    const sleep = (ms: number) => new Promise<void>((resolve) => waits.push({ ms, release: resolve }));
    const model = createLanguageModel(llmConfig({ LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: STAND_IN_API_KEY, ANTHROPIC_BASE_URL: api.url }), {
      logger: createLogger('silent'),
      sleep,
    });
    engine = await createBlogEngine({ db, logger: createLogger('silent'), model, resourcesDir: 'resources' });
    const now = new Date().toISOString();
    await insertDraft(db, {
      id: 'waiting',
      title: '400G DR4 in a leaf-spine fabric',
      topic_type: 'comparison',
      body: 'Template body.',
      generated_by: 'template:v1',
      pipeline_state: 'queued',
      pipeline_run: 1,
      pipeline_queued_at: now,
      created_at: now,
      updated_at: now,
    });
    api.rateLimit(1);
    engine.poke();
    await expect.poll(() => waits.length).toBe(1);
    let draft: Draft | undefined;
    await expect
      .poll(async () => {
        draft = await getDraft(engine!, 'waiting');
        return draft.pipeline.waiting;
      })
      .not.toBeNull();
    expect(draft?.pipeline).toMatchObject({
      state: 'running',
      step: 1,
      waiting: {
        reason: 'rate_limit',
        retry: 1,
        retries: 3,
        message: expect.stringMatching(/^The hosted language model is over its rate limit \(HTTP 429\): retry 1 of 3 in 10 s, at/),
      },
    });
    expect(Date.parse(draft!.pipeline.waiting!.until)).toBeGreaterThan(Date.parse(now));
    waits[0]!.release();
    await engine.queue.idle();
    const done = await getDraft(engine, 'waiting');
    expect(done.pipeline).toMatchObject({ state: 'succeeded', waiting: null });
    expect(done.status).toBe('review');
  });
});
