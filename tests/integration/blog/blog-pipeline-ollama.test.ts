import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodArticle } from '../../helpers/blog-articles.js';
import { blogClient } from '../../helpers/blog-client.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { type OllamaChatCall, type OllamaStandIn, startOllamaStandIn } from '../../fixtures/llm/ollama-stand-in.js';

const MODEL = 'llama3.1:8b';
const SCORES = { accuracy: 8, technical_depth: 7, practical_value: 8, originality: 6, structure: 8, readability: 7, human_tone: 7, sales_relevance: 9 };

/** The stand-in model's answer to each pipeline step, read from what the step's prompt asks for. */
function answerStep(call: OllamaChatCall): string {
  const prompt = call.messages.at(-1)?.content ?? '';
  if (prompt.includes('Expand the topic')) return 'Questions a buyer asks.\nKeywords: 400G, DR4, leaf-spine';
  if (prompt.includes('Propose three angles')) return "Angle: the buyer's decision.";
  if (prompt.includes('Write the outline')) return 'Five sections.';
  if (prompt.includes('Score the article')) return JSON.stringify({ ...SCORES, comment: 'Clear and concrete.' });
  return goodArticle();
}

/**
 * End to end over real sockets: POST /api/blog/generate -> the queue -> the 10 steps -> the Ollama provider -> the
 * stand-in Ollama server, and the template fallback when nothing answers at OLLAMA_HOST.
 */
describe('blog pipeline through the Ollama provider', () => {
  let ollama: OllamaStandIn;
  let t: TestService;
  let headers: Record<string, string>;
  const { call, generate, settled } = blogClient(() => ({ t, headers }));

  beforeAll(async () => {
    ollama = await startOllamaStandIn({ models: [MODEL], answer: answerStep });
    t = await startTestService({ listen: true, env: { SEED_ON_START: 'true', LLM_PROVIDER: 'local', OLLAMA_HOST: ollama.url, OLLAMA_MODEL: MODEL } });
    headers = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => {
    await t?.close();
    await ollama?.close();
  });

  it('turns the template draft into the pipeline draft: generated_by, word count, QA score, review, and the score as feedback', async () => {
    const created = await generate({ topic_type: 'comparison', title: '400G DR4 or FR4 for a leaf-spine fabric' });
    expect(created.generated_by).toBe('template:v1');
    const draft = await settled(created.id);
    expect(draft).toMatchObject({ generated_by: `pipeline:v1:local:${MODEL}`, is_template: false, status: 'review', quality_issues: [] });
    expect(draft.pipeline).toMatchObject({ state: 'succeeded', steps_done: 10, message: null });
    expect(draft.word_count).toBeGreaterThanOrEqual(2500);
    expect(draft.qa_score).toBe(7.5);
    expect(draft.keywords).toEqual(expect.arrayContaining(['400G', 'DR4', 'leaf-spine']));
    expect(draft.steps.map((s) => s.status)).toEqual(Array.from({ length: 10 }, () => 'succeeded'));

    // Nine model calls (the QA step needed no repair), streamed, each with the hard rules in its system prompt.
    expect(ollama.calls).toHaveLength(9);
    expect(ollama.calls.every((c) => c.model === MODEL && c.stream && c.messages[0]?.role === 'system')).toBe(true);
    expect(ollama.calls[0]?.messages[0]?.content).toContain('SR4 and DR4 both use 8 fibers (4 transmit + 4 receive)');
    expect(ollama.calls[0]?.messages[1]?.content).toContain('400GBASE-DR4');

    const training = await call('GET', '/api/blog/feedback/training-data?source=pipeline');
    const [line] = training.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { draft_id: string; scores: unknown; overall: number; generated_by: string });
    // One score: the training data rates the draft with the draft's own qa_score.
    expect(line).toMatchObject({ draft_id: draft.id, scores: SCORES, overall: draft.qa_score, generated_by: `pipeline:v1:local:${MODEL}` });
  });

  it('a step Ollama fails leaves the earlier steps stored; resume continues from that step and finishes the draft', async () => {
    let failed = false;
    ollama.setAnswer((c) => {
      if (!failed && (c.messages.at(-1)?.content ?? '').includes('Deepen the technical content')) {
        failed = true;
        return { error: 'model runner has unexpectedly stopped', status: 500 };
      }
      return answerStep(c);
    });
    const created = await generate({ topic_type: 'new_product', title: 'New 800G DR8 optics' });
    const stopped = await settled(created.id);
    expect(stopped.pipeline).toMatchObject({ step: 6, step_name: 'technical_deepening', steps_done: 5 });
    // The provider reports a model server that answers with an error as unreachable: offline, resumable.
    expect(stopped.pipeline.state).toBe('offline');
    expect(stopped.pipeline.message).toMatch(
      /^The pipeline stopped at step 6 \(technical_deepening\): .*model runner has unexpectedly stopped.* The template draft stands\. Resume once/,
    );
    expect(stopped.generated_by).toBe('template:v1');

    const before = ollama.calls.length;
    expect((await call('POST', `/api/blog/${created.id}/resume`)).status).toBe(202);
    const resumed = await settled(created.id);
    expect(resumed).toMatchObject({ generated_by: `pipeline:v1:local:${MODEL}`, status: 'review' });
    expect(resumed.pipeline).toMatchObject({ state: 'succeeded', run: 1, steps_done: 10 });
    // Steps 1-5 were not asked again: the first call after resuming is step 6's.
    expect(ollama.calls[before]?.messages.at(-1)?.content).toContain('Deepen the technical content');
    expect(ollama.calls.length - before).toBe(4);
  });

  it('with the stand-in stopped, the template draft stands, marked, with the reason', async () => {
    await ollama.close();
    const created = await generate({ topic_type: 'tutorial' });
    const draft = await settled(created.id);
    expect(draft).toMatchObject({ generated_by: 'template:v1', is_template: true, status: 'draft', qa_score: null });
    expect(draft.body).toBe(created.body);
    expect(draft.pipeline.state).toBe('offline');
    expect(draft.pipeline.message).toContain('Ollama is not running on this laptop');
    expect(draft.pipeline.message).toContain('The template draft stands.');
  });
});
