import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { createAnthropicMessagesModel } from './anthropic-messages.provider.js';
import { createBridgeCommandModel } from './bridge-command.provider.js';
import type { LanguageModelConfig } from './llm.config.js';
import type { LanguageModel, LanguageModelProviderName, LanguageModelStatus } from './language-model.types.js';
import { anySignal } from './network-failure.js';
import { createModelHttpClient } from './model-http-client.js';
import { createOllamaChatModel } from './ollama-chat.provider.js';
import type { Sleep } from './rate-limit-retry.js';

export interface LanguageModelDeps {
  logger: Logger;
  /** Milliseconds since the epoch; tests pass a fake clock that their sleep advances. */
  now?: () => number;
  /** The wait between 429 retries; tests resolve at once. */
  sleep?: Sleep;
  /** Replaces the model client's fetch (and with it LLM_SILENCE_TIMEOUT_MS); tests count or fail requests with it. */
  fetch?: typeof fetch;
  /** The bridge command's environment (default: the service's own). */
  env?: NodeJS.ProcessEnv;
}

/** The model createService keeps: what was asked for, why another provider answers if one does, and close() for stop(). */
export interface LanguageModelHandle extends LanguageModel {
  readonly requestedProvider: LanguageModelProviderName;
  /** Set when the requested provider is not configured and the local one answers instead. */
  readonly fallbackReason: string | undefined;
  /** Aborts every call in flight (service shutdown); later calls reject at once. */
  close(): Promise<void>;
}

/** A status probe never waits longer than this: the dashboard asks while a salesperson looks at the screen. */
export const STATUS_TIMEOUT_MS = 5000;

const defaultSleep: Sleep = (ms, signal) => delay(ms, undefined, signal ? { signal } : {});

/** Which provider answers, and why not the requested one (rule: hosted only when selected and its key is set). */
function choose(config: LanguageModelConfig): { provider: LanguageModelProviderName; fallbackReason?: string } {
  if (config.provider === 'hosted' && config.hostedApiKey === undefined) {
    return { provider: 'local', fallbackReason: 'LLM_PROVIDER is hosted but ANTHROPIC_API_KEY is not set, so the local model writes the drafts.' };
  }
  if (config.provider === 'bridge' && config.bridgeCommand === undefined) {
    return { provider: 'local', fallbackReason: 'LLM_PROVIDER is bridge but LLM_BRIDGE_COMMAND is not set, so the local model writes the drafts.' };
  }
  return { provider: config.provider };
}

function build(provider: LanguageModelProviderName, config: LanguageModelConfig, deps: LanguageModelDeps, modelFetch: typeof fetch): LanguageModel {
  if (provider === 'hosted' && config.hostedApiKey !== undefined) {
    return createAnthropicMessagesModel({
      apiKey: config.hostedApiKey,
      url: config.hostedUrl,
      model: config.hostedModel,
      maxTokens: config.hostedMaxTokens,
      logger: deps.logger,
      now: deps.now ?? Date.now,
      sleep: deps.sleep ?? defaultSleep,
      silenceTimeoutMs: config.silenceTimeoutMs,
      fetch: modelFetch,
    });
  }
  if (provider === 'bridge' && config.bridgeCommand !== undefined) {
    return createBridgeCommandModel({ command: config.bridgeCommand, timeoutMs: config.bridgeTimeoutMs, ...(deps.env ? { env: deps.env } : {}) });
  }
  return createOllamaChatModel({
    host: config.ollamaHost,
    model: config.ollamaModel,
    contextTokens: config.ollamaContextTokens,
    silenceTimeoutMs: config.silenceTimeoutMs,
    fetch: modelFetch,
  });
}

/**
 * The blog engine's language model, chosen by LLM_PROVIDER: local (Ollama, the default), hosted (only with
 * ANTHROPIC_API_KEY) or bridge (only with LLM_BRIDGE_COMMAND); an unconfigured choice falls back to local, and the
 * status says so. One instance per service: the hosted provider's one-call lane lives in it.
 */
export function createLanguageModel(config: LanguageModelConfig, deps: LanguageModelDeps): LanguageModelHandle {
  const { provider, fallbackReason } = choose(config);
  const http = createModelHttpClient(config.silenceTimeoutMs);
  const model = build(provider, config, deps, deps.fetch ?? http.fetch);
  if (fallbackReason !== undefined) deps.logger.warn({ requested: config.provider, provider }, fallbackReason);
  const shutdown = new AbortController();
  return {
    provider: model.provider,
    id: model.id,
    requestedProvider: config.provider,
    fallbackReason,
    chat: (request) => model.chat({ ...request, signal: anySignal(request.signal, shutdown.signal) }),
    async status(signal?: AbortSignal): Promise<LanguageModelStatus> {
      const status = await model.status(anySignal(signal, AbortSignal.timeout(STATUS_TIMEOUT_MS)));
      return fallbackReason === undefined ? status : { ...status, message: `${fallbackReason} ${status.message}` };
    },
    async close() {
      shutdown.abort(new Error('The service is stopping.'));
      // The aborted calls reject at once; the client's connections close behind them, and stop() need not wait.
      void http.close().catch(() => undefined);
    },
  };
}
