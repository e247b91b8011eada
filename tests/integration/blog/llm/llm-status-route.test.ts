import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OllamaStandIn, startOllamaStandIn } from '../../../fixtures/llm/ollama-stand-in.js';
import { startTestService, type TestService } from '../../../helpers/test-service.js';
import { closedPort } from './llm-test-config.js';

async function getStatus(t: TestService, token?: string) {
  const response = await fetch(`${t.url}/api/blog/llm/status`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('GET /api/blog/llm/status (real service, stand-in Ollama over a real socket)', () => {
  let ollama: OllamaStandIn;
  const services: TestService[] = [];
  const start = async (env: Record<string, string>) => {
    const t = await startTestService({ listen: true, env });
    services.push(t);
    return { t, token: await t.login() };
  };
  beforeAll(async () => {
    ollama = await startOllamaStandIn({ models: ['llama3.1:8b'] });
  });
  afterAll(async () => {
    for (const t of services) await t.close();
    await ollama?.close();
  });

  it('says the local model is ready when Ollama lists it', async () => {
    const { t, token } = await start({ OLLAMA_HOST: ollama.url });
    const { status, body } = await getStatus(t, token);
    expect(status).toBe(200);
    expect(body).toEqual({
      provider: 'local',
      requested_provider: 'local',
      id: 'local:llama3.1:8b',
      available: true,
      message: 'Ollama is running and the model llama3.1:8b is installed.',
      checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('says which model to pull, and that Ollama is not running, as 200 with available false', async () => {
    const missing = await start({ OLLAMA_HOST: ollama.url, OLLAMA_MODEL: 'gemma3:12b' });
    expect((await getStatus(missing.t, missing.token)).body).toMatchObject({
      available: false,
      message: 'The model gemma3:12b is not installed in Ollama: run ollama pull gemma3:12b',
    });
    const host = await closedPort();
    const stopped = await start({ OLLAMA_HOST: host });
    const { status, body } = await getStatus(stopped.t, stopped.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      available: false,
      message: `Ollama is not running on this laptop (nothing answers at ${host}): start the Ollama app, then try again.`,
    });
  });

  it('reports hosted without a key as the local fallback, and why', async () => {
    const { t, token } = await start({ OLLAMA_HOST: ollama.url, LLM_PROVIDER: 'hosted' });
    const { body } = await getStatus(t, token);
    expect(body).toMatchObject({ provider: 'local', requested_provider: 'hosted', id: 'local:llama3.1:8b', available: true });
    expect(body.message).toBe(
      'LLM_PROVIDER is hosted but ANTHROPIC_API_KEY is not set, so the local model writes the drafts. Ollama is running and the model llama3.1:8b is installed.',
    );
  });

  it('reports the hosted provider when selected with its key, without sending it a prompt', async () => {
    const { t, token } = await start({ LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: await closedPort() });
    expect((await getStatus(t, token)).body).toMatchObject({
      provider: 'hosted',
      requested_provider: 'hosted',
      id: 'hosted:claude-sonnet-4-5',
      available: true,
    });
  });

  it('reports a missing bridge program in words', async () => {
    const { t, token } = await start({ LLM_PROVIDER: 'bridge', LLM_BRIDGE_COMMAND: 'no-such-assistant-cli --print' });
    expect((await getStatus(t, token)).body).toMatchObject({
      provider: 'bridge',
      id: 'bridge:no-such-assistant-cli',
      available: false,
      message: 'The bridge command no-such-assistant-cli was not found on this laptop: install it or correct LLM_BRIDGE_COMMAND.',
    });
  });

  it('needs the bearer token', async () => {
    const { t } = await start({ OLLAMA_HOST: ollama.url });
    expect((await getStatus(t)).status).toBe(401);
  });
});
