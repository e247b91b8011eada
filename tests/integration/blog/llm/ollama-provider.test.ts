import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLanguageModel, LanguageModelUnavailableError } from '../../../../src/service/features/blog/llm/index.js';
import { type OllamaStandIn, startOllamaStandIn } from '../../../fixtures/llm/ollama-stand-in.js';
import { llmConfig, silentLogger } from './llm-test-config.js';
import { closedLoopbackUrl } from '../../../fixtures/llm/http-stand-in.js';

describe('local provider (Ollama) against the stand-in Ollama server', () => {
  let ollama: OllamaStandIn;
  beforeAll(async () => {
    ollama = await startOllamaStandIn({ models: ['llama3.1:8b'] });
  });
  afterAll(async () => {
    await ollama?.close();
  });

  const model = () => createLanguageModel(llmConfig({ OLLAMA_HOST: ollama.url, OLLAMA_MODEL: 'llama3.1:8b' }), { logger: silentLogger });

  it('streams the answer through onText and resolves with the whole text', async () => {
    ollama.setAnswer((call) => ({ chunks: ['Four ', 'transmit ', 'and four ', `receive fibers (${call.messages.length} messages).`] }));
    const chunks: string[] = [];
    const answer = await model().chat({
      messages: [
        { role: 'system', content: 'Plain text only.' },
        { role: 'user', content: 'How many fibers does 400G-SR4 use?' },
      ],
      onText: (chunk) => chunks.push(chunk),
    });
    expect(chunks).toEqual(['Four ', 'transmit ', 'and four ', 'receive fibers (2 messages).']);
    expect(answer).toBe('Four transmit and four receive fibers (2 messages).');
    const call = ollama.calls.at(-1);
    expect(call).toMatchObject({ model: 'llama3.1:8b', stream: true, options: { num_ctx: 16_384 } });
    expect(call?.messages).toEqual([
      { role: 'system', content: 'Plain text only.' },
      { role: 'user', content: 'How many fibers does 400G-SR4 use?' },
    ]);
  });

  it('names itself local:<model> and reports the model as installed', async () => {
    const m = model();
    expect(m.provider).toBe('local');
    expect(m.id).toBe('local:llama3.1:8b');
    await expect(m.status()).resolves.toEqual({
      provider: 'local',
      id: 'local:llama3.1:8b',
      available: true,
      message: 'Ollama is running and the model llama3.1:8b is installed.',
    });
  });

  it('accepts a model name without a tag as name:latest, as Ollama does', async () => {
    ollama.setModels(['mistral:latest']);
    try {
      const m = createLanguageModel(llmConfig({ OLLAMA_HOST: ollama.url, OLLAMA_MODEL: 'mistral' }), { logger: silentLogger });
      expect((await m.status()).available).toBe(true);
      ollama.setAnswer(() => 'ok');
      await expect(m.chat({ messages: [{ role: 'user', content: 'hi' }] })).resolves.toBe('ok');
    } finally {
      ollama.setModels(['llama3.1:8b']);
    }
  });

  it('says in plain words which model to pull when it is missing (status and chat)', async () => {
    const m = createLanguageModel(llmConfig({ OLLAMA_HOST: ollama.url, OLLAMA_MODEL: 'qwen2.5:14b' }), { logger: silentLogger });
    const status = await m.status();
    expect(status).toMatchObject({ available: false, message: 'The model qwen2.5:14b is not installed in Ollama: run ollama pull qwen2.5:14b' });
    const error = await m.chat({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LanguageModelUnavailableError);
    expect((error as LanguageModelUnavailableError).message).toBe('The model qwen2.5:14b is not installed in Ollama: run ollama pull qwen2.5:14b');
    expect((error as LanguageModelUnavailableError).details).toMatchObject({ status: 404, model: 'qwen2.5:14b', cause: expect.stringContaining('not found') });
  });

  it('passes an error Ollama answers on to the caller in words, with its text in the details', async () => {
    ollama.setAnswer(() => ({ error: 'llama runner process has terminated: out of memory', status: 500 }));
    const error = (await model()
      .chat({ messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e)) as LanguageModelUnavailableError;
    expect(error).toBeInstanceOf(LanguageModelUnavailableError);
    expect(error.message).toBe('Ollama could not write the text with llama3.1:8b: llama runner process has terminated: out of memory');
    expect(error.details).toMatchObject({ status: 500 });
  });

  it("stops a call when the caller aborts, with the caller's reason", async () => {
    let release!: () => void;
    ollama.setAnswer(() => new Promise((resolve) => (release = () => resolve('late'))));
    const controller = new AbortController();
    const calls = ollama.calls.length;
    const pending = model().chat({ messages: [{ role: 'user', content: 'hi' }], signal: controller.signal });
    await expect.poll(() => ollama.calls.length).toBe(calls + 1);
    controller.abort(new Error('queue reset'));
    await expect(pending).rejects.toThrow('queue reset');
    release();
  });

  it('close() (service shutdown) ends a call in flight', async () => {
    let release!: () => void;
    ollama.setAnswer(() => new Promise((resolve) => (release = () => resolve('late'))));
    const m = model();
    const calls = ollama.calls.length;
    const pending = m.chat({ messages: [{ role: 'user', content: 'hi' }] });
    await expect.poll(() => ollama.calls.length).toBe(calls + 1);
    await m.close();
    await expect(pending).rejects.toThrow('The service is stopping.');
    release();
  });

  it('gives up a model that stays silent past LLM_SILENCE_TIMEOUT_MS, in its own words, not the HTTP client\'s "fetch failed"', async () => {
    let release!: () => void;
    ollama.setAnswer(() => new Promise((resolve) => (release = () => resolve('late'))));
    const m = createLanguageModel(llmConfig({ OLLAMA_HOST: ollama.url, OLLAMA_MODEL: 'llama3.1:8b', LLM_SILENCE_TIMEOUT_MS: '200' }), { logger: silentLogger });
    const error = (await m.chat({ messages: [{ role: 'user', content: 'think long' }] }).catch((e: unknown) => e)) as LanguageModelUnavailableError;
    release();
    expect(error).toBeInstanceOf(LanguageModelUnavailableError);
    expect(error.message).toBe(
      `Ollama at ${ollama.url} sent nothing for 200 ms while writing with llama3.1:8b, so the call was given up (LLM_SILENCE_TIMEOUT_MS). ` +
        'A slow laptop may need a longer limit, or a smaller model.',
    );
    expect(error.details).toMatchObject({ silence_timeout_ms: 200 });
    await m.close();
  });

  it('says Ollama is not running when nothing listens at OLLAMA_HOST (connection refused)', async () => {
    const host = await closedLoopbackUrl();
    const m = createLanguageModel(llmConfig({ OLLAMA_HOST: host }), { logger: silentLogger });
    const expected = `Ollama is not running on this laptop (nothing answers at ${host}): start the Ollama app, then try again.`;
    await expect(m.status()).resolves.toMatchObject({ provider: 'local', available: false, message: expected });
    const error = (await m.chat({ messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as LanguageModelUnavailableError;
    expect(error).toBeInstanceOf(LanguageModelUnavailableError);
    expect(error.message).toBe(expected);
    expect(error.details).toMatchObject({ host, code: 'ECONNREFUSED' });
  });

  it('the stand-in also answers non-streamed chats, as Ollama does with stream: false', async () => {
    ollama.setAnswer((call) => `echo ${call.messages[0]?.content}`);
    const response = await fetch(`${ollama.url}/api/chat`, {
      method: 'POST',
      body: JSON.stringify({ model: 'llama3.1:8b', stream: false, messages: [{ role: 'user', content: 'ping' }] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ done: true, message: { role: 'assistant', content: 'echo ping' } });
  });
});
