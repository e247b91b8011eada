import { describe, expect, it } from 'vitest';
import { ConfigProblems } from '../../../../src/service/config-parsers.js';
import { ConfigError, loadConfig } from '../../../../src/service/config.js';
import { createLanguageModel, readLanguageModelConfig } from '../../../../src/service/features/blog/llm/index.js';
import { createLogger } from '../../../../src/service/logger.js';
import { STALL_MS } from '../../../../src/service/features/blog/pipeline-queue.js';

const logger = createLogger('silent');

function config(env: Record<string, string>) {
  const problems = new ConfigProblems();
  return { config: readLanguageModelConfig(env, problems), problems: problems.messages };
}

describe('language-model configuration', () => {
  it('defaults to the local provider: Ollama on this laptop with llama3.1:8b', () => {
    const { config: c, problems } = config({});
    expect(problems).toEqual([]);
    expect(c).toMatchObject({
      provider: 'local',
      ollamaHost: 'http://127.0.0.1:11434',
      ollamaModel: 'llama3.1:8b',
      hostedApiKey: undefined,
      hostedUrl: 'https://api.anthropic.com',
      bridgeCommand: undefined,
      bridgeTimeoutMs: 600_000,
      // A silent model is given up at the pipeline's stall reset, not at the HTTP client's 300 s.
      silenceTimeoutMs: STALL_MS,
    });
    expect(STALL_MS).toBe(15 * 60_000);
  });

  it('reports every bad value at once, naming the variable', () => {
    const { problems } = config({ LLM_PROVIDER: 'openai', LLM_BRIDGE_TIMEOUT_MS: 'soon', LLM_BRIDGE_COMMAND: 'claude -p "unclosed', OLLAMA_HOST: 'ftp://x' });
    expect(problems).toEqual([
      'LLM_PROVIDER: "openai" is not one of local, hosted, bridge',
      'OLLAMA_HOST: "ftp://x" is not an http(s) URL',
      'LLM_BRIDGE_COMMAND: has an unclosed " quote',
      'LLM_BRIDGE_TIMEOUT_MS: "soon" is not a whole number',
    ]);
  });

  it('is part of the service configuration, and a bad OLLAMA_HOST (shared with the embeddings) is reported once', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/ti-unused', LLM_PROVIDER: 'bridge', LLM_BRIDGE_COMMAND: 'claude -p' }).languageModel).toMatchObject({
      provider: 'bridge',
      bridgeCommand: ['claude', '-p'],
    });
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: '/tmp/ti-unused', OLLAMA_HOST: 'ftp://x' });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.problems).toEqual(['OLLAMA_HOST: "ftp://x" is not an http(s) URL']);
  });

  it('splits the bridge command into program and arguments without a shell', () => {
    expect(config({ LLM_BRIDGE_COMMAND: `claude -p --append-system-prompt 'plain text, no markdown' "a \\"b\\"" c\\ d` }).config.bridgeCommand).toEqual([
      'claude',
      '-p',
      '--append-system-prompt',
      'plain text, no markdown',
      'a "b"',
      'c d',
    ]);
    expect(config({ LLM_BRIDGE_COMMAND: 'C:\\Tools\\claude.exe -p' }).config.bridgeCommand).toEqual(['C:\\Tools\\claude.exe', '-p']);
  });
});

describe('provider selection', () => {
  const select = (env: Record<string, string>) => createLanguageModel(config(env).config, { logger });

  it('uses local unless told otherwise', () => {
    expect(select({})).toMatchObject({ provider: 'local', id: 'local:llama3.1:8b', requestedProvider: 'local', fallbackReason: undefined });
  });

  it('uses hosted only when LLM_PROVIDER=hosted and the key is set', () => {
    expect(select({ LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: 'sk-ant-x' })).toMatchObject({ provider: 'hosted', id: 'hosted:claude-sonnet-4-5' });
    expect(select({ ANTHROPIC_API_KEY: 'sk-ant-x' })).toMatchObject({ provider: 'local' });
    expect(select({ LLM_PROVIDER: 'hosted' })).toMatchObject({
      provider: 'local',
      requestedProvider: 'hosted',
      fallbackReason: 'LLM_PROVIDER is hosted but ANTHROPIC_API_KEY is not set, so the local model writes the drafts.',
    });
  });

  it('uses bridge only when LLM_PROVIDER=bridge and the command is set', () => {
    expect(select({ LLM_PROVIDER: 'bridge', LLM_BRIDGE_COMMAND: '/usr/local/bin/claude -p' })).toMatchObject({
      provider: 'bridge',
      id: 'bridge:claude',
    });
    expect(select({ LLM_BRIDGE_COMMAND: 'claude -p' })).toMatchObject({ provider: 'local' });
    expect(select({ LLM_PROVIDER: 'bridge' })).toMatchObject({
      provider: 'local',
      requestedProvider: 'bridge',
      fallbackReason: expect.stringContaining('LLM_BRIDGE_COMMAND is not set'),
    });
  });

  it('puts the reason for a fallback in front of the status message', async () => {
    const model = createLanguageModel(config({ LLM_PROVIDER: 'hosted', OLLAMA_HOST: 'http://127.0.0.1:9' }).config, { logger });
    const status = await model.status();
    expect(status.provider).toBe('local');
    expect(status.message.startsWith('LLM_PROVIDER is hosted but ANTHROPIC_API_KEY is not set, so the local model writes the drafts. ')).toBe(true);
  });

  it('after close(), calls are refused at once', async () => {
    const model = select({ OLLAMA_HOST: 'http://127.0.0.1:9' });
    await model.close();
    await expect(model.chat({ messages: [{ role: 'user', content: 'hi' }] })).rejects.toThrow('The service is stopping.');
  });
});
