import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLanguageModel, type LanguageModelDeps, LanguageModelUnavailableError } from '../../../../src/service/features/blog/llm/index.js';
import { type HostedApiStandIn, STAND_IN_API_KEY, startHostedApiStandIn } from '../../../fixtures/llm/hosted-api-stand-in.js';
import { closedPort, llmConfig, silentLogger } from './llm-test-config.js';

/** A clock that only the fake sleep moves: the 10/30/60 s schedule runs in no time and is read back exactly. */
function fakeClock() {
  const clock = { at: 1_700_000_000_000, sleeps: [] as number[] };
  return {
    clock,
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.at += ms;
    },
  };
}

const user = (content: string) => ({ role: 'user' as const, content });

describe('hosted provider (Anthropic Messages API) against the stand-in over a real socket', () => {
  let api: HostedApiStandIn;
  beforeAll(async () => {
    api = await startHostedApiStandIn();
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    api.rateLimit(0);
    api.setAnswer((call) => `Hosted answer to: ${call.body.messages.at(-1)?.content ?? ''}`);
  });

  const hosted = (deps: Partial<LanguageModelDeps> = {}, env: Record<string, string> = {}) =>
    createLanguageModel(llmConfig({ LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: STAND_IN_API_KEY, ANTHROPIC_BASE_URL: api.url, ...env }), {
      logger: silentLogger,
      ...deps,
    });

  it('sends system text apart, the key and API version in headers, and streams the answer through onText', async () => {
    const chunks: string[] = [];
    const answer = await hosted().chat({ messages: [{ role: 'system', content: 'Plain text.' }, user('Compare SR4 and DR4')], onText: (c) => chunks.push(c) });
    expect(answer).toBe('Hosted answer to: Compare SR4 and DR4');
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(answer);
    expect(api.calls.at(-1)).toMatchObject({
      apiKey: STAND_IN_API_KEY,
      version: '2023-06-01',
      body: { model: 'claude-sonnet-4-5', max_tokens: 8192, stream: true, system: 'Plain text.', messages: [{ role: 'user', content: 'Compare SR4 and DR4' }] },
    });
  });

  it('retries a 429 after 10 s and 30 s and succeeds on the second retry', async () => {
    const fake = fakeClock();
    api.rateLimit(2);
    const before = api.calls.length;
    await expect(hosted(fake).chat({ messages: [user('retry me')] })).resolves.toBe('Hosted answer to: retry me');
    expect(fake.clock.sleeps).toEqual([10_000, 30_000]);
    expect(api.calls.length - before).toBe(3);
  });

  it('waits 10 s, 30 s and 60 s, then gives up naming the rate limit; a retry-after of 120 s is not honoured', async () => {
    const fake = fakeClock();
    api.rateLimit(10);
    const before = api.calls.length;
    const error = (await hosted(fake)
      .chat({ messages: [user('never')] })
      .catch((e: unknown) => e)) as LanguageModelUnavailableError;
    expect(fake.clock.sleeps).toEqual([10_000, 30_000, 60_000]);
    expect(api.calls.length - before).toBe(4);
    expect(error).toBeInstanceOf(LanguageModelUnavailableError);
    expect(error.message).toBe(
      'The hosted language model is over its rate limit: it refused 4 times in 100 seconds (HTTP 429, too many requests). ' +
        'Wait a few minutes and try again, or switch LLM_PROVIDER to local.',
    );
    expect(error.details).toMatchObject({ status: 429, attempts: 4, waits_ms: [10_000, 30_000, 60_000], elapsed_ms: 100_000 });
  });

  it('runs calls one at a time: a second call is not sent while the first is open, even while the first waits out a 429', async () => {
    const fake = fakeClock();
    const sent: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      sent.push((JSON.parse(String(init?.body)) as { messages: { content: string }[] }).messages[0]?.content ?? '');
      return fetch(input, init);
    };
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    api.setAnswer(async (call) => {
      if (call.body.messages[0]?.content === 'first') await firstHeld;
      return `done ${call.body.messages[0]?.content}`;
    });
    api.rateLimit(1);
    const model = hosted({ now: fake.now, sleep: fake.sleep, fetch: countingFetch });
    const first = model.chat({ messages: [user('first')] });
    const second = model.chat({ messages: [user('second')] });
    // The first call's 429, its retry (held open by the stand-in) and nothing of the second.
    await expect.poll(() => sent).toEqual(['first', 'first']);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['first', 'first']);
    releaseFirst();
    await expect(first).resolves.toBe('done first');
    await expect(second).resolves.toBe('done second');
    expect(sent).toEqual(['first', 'first', 'second']);
    expect(fake.clock.sleeps).toEqual([10_000]);
    expect(api.maxInFlight()).toBe(1);
  });

  it('a caller that aborts while waiting its turn leaves the line without breaking the order', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    api.setAnswer(async (call) => {
      if (call.body.messages[0]?.content === 'first') await firstHeld;
      return 'ok';
    });
    const model = hosted();
    const before = api.calls.length;
    const first = model.chat({ messages: [user('first')] });
    const controller = new AbortController();
    const second = model.chat({ messages: [user('second')], signal: controller.signal });
    const third = model.chat({ messages: [user('third')] });
    await expect.poll(() => api.calls.length - before).toBe(1);
    controller.abort(new Error('pipeline cancelled'));
    await expect(second).rejects.toThrow('pipeline cancelled');
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(api.calls.length - before).toBe(1);
    releaseFirst();
    await Promise.all([first, third]);
    expect(api.calls.slice(before).map((c) => c.body.messages[0]?.content)).toEqual(['first', 'third']);
  });

  it('says in words that the key was refused (401)', async () => {
    const model = createLanguageModel(llmConfig({ LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: 'sk-ant-wrong', ANTHROPIC_BASE_URL: api.url }), {
      logger: silentLogger,
    });
    const error = (await model.chat({ messages: [user('hi')] }).catch((e: unknown) => e)) as LanguageModelUnavailableError;
    expect(error).toBeInstanceOf(LanguageModelUnavailableError);
    expect(error.message).toBe('The hosted language model refused the API key: check ANTHROPIC_API_KEY.');
    expect(error.details).toMatchObject({ status: 401, reason: 'invalid x-api-key' });
  });

  it('says the hosted API cannot be reached when offline, and points to the local provider', async () => {
    const url = await closedPort();
    const model = createLanguageModel(llmConfig({ LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_BASE_URL: url }), { logger: silentLogger });
    const error = (await model.chat({ messages: [user('hi')] }).catch((e: unknown) => e)) as LanguageModelUnavailableError;
    expect(error).toBeInstanceOf(LanguageModelUnavailableError);
    expect(error.message).toBe(
      `The hosted language model at ${url} cannot be reached (no internet connection?): switch LLM_PROVIDER to local to write offline.`,
    );
    expect(error.details).toMatchObject({ code: 'ECONNREFUSED' });
  });
});
