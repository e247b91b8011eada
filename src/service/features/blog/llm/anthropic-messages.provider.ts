import type { Logger } from 'pino';
import { type ChatMessage, type ChatRequest, type LanguageModel, type LanguageModelStatus, LanguageModelUnavailableError } from './language-model.types.js';
import { anySignal, errorText, networkErrorCode, rethrowIfAborted } from './network-failure.js';
import { RATE_LIMIT_WAITS_MS, type Sleep, withRateLimitRetries } from './rate-limit-retry.js';
import { createSerialLane } from './serial-lane.js';
import { readServerSentEvents } from './server-sent-events.parser.js';

export interface AnthropicMessagesOptions {
  apiKey: string;
  /** Base URL without a trailing slash (https://api.anthropic.com). */
  url: string;
  model: string;
  maxTokens: number;
  logger: Logger;
  now: () => number;
  sleep: Sleep;
  fetch?: typeof fetch;
}

const API_VERSION = '2023-06-01';
/** One attempt that has not finished by then is given up: a hung connection would otherwise hold the one-call lane. */
const ATTEMPT_TIMEOUT_MS = 10 * 60_000;

/** The Messages API takes system text apart from the turns. */
function messagesBody(messages: readonly ChatMessage[], model: string, maxTokens: number): string {
  const system = messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n');
  const turns = messages.filter((message) => message.role !== 'system').map((message) => ({ role: message.role, content: message.content }));
  return JSON.stringify({ model, max_tokens: maxTokens, stream: true, ...(system ? { system } : {}), messages: turns });
}

async function errorMessageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON: the raw text says more than nothing
  }
  return text.slice(0, 500) || `HTTP ${response.status}`;
}

/**
 * The hosted provider: Anthropic's Messages API over fetch, streamed. Calls run one at a time (serial lane); a 429
 * is retried inside the call, holding its place, after 10 s, 30 s and 60 s (rate-limit-retry.ts).
 */
export function createAnthropicMessagesModel(options: AnthropicMessagesOptions): LanguageModel {
  const id = `hosted:${options.model}`;
  const doFetch = options.fetch ?? fetch;
  const lane = createSerialLane();
  const details = { url: options.url, model: options.model };

  const send = (request: ChatRequest) =>
    doFetch(`${options.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey, 'anthropic-version': API_VERSION },
      body: messagesBody(request.messages, options.model, options.maxTokens),
      signal: anySignal(request.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)),
    });

  const readAnswer = async (response: Response, onText: ChatRequest['onText']): Promise<string> => {
    if (!response.body) throw new LanguageModelUnavailableError('The hosted language model sent an empty answer.', details);
    let answer = '';
    for await (const event of readServerSentEvents(response.body)) {
      const data = JSON.parse(event.data) as { type?: string; delta?: { type?: string; text?: string }; error?: { type?: string; message?: string } };
      if (data.type === 'content_block_delta' && data.delta?.type === 'text_delta' && typeof data.delta.text === 'string') {
        answer += data.delta.text;
        onText?.(data.delta.text);
      } else if (data.type === 'error') {
        throw new LanguageModelUnavailableError(`The hosted language model stopped in the middle of its answer: ${data.error?.message ?? 'no reason given'}`, {
          ...details,
          error: data.error,
        });
      }
    }
    return answer;
  };

  const call = async (request: ChatRequest): Promise<string> => {
    const response = await withRateLimitRetries(() => send(request), {
      signal: request.signal,
      sleep: options.sleep,
      now: options.now,
      onRetry: (attempt, waitMs) => options.logger.warn({ attempt, waitMs, model: options.model }, 'hosted language model rate-limited (429); retrying'),
    });
    if (response.status === 401 || response.status === 403) {
      throw new LanguageModelUnavailableError('The hosted language model refused the API key: check ANTHROPIC_API_KEY.', {
        ...details,
        status: response.status,
        reason: await errorMessageOf(response),
      });
    }
    if (!response.ok) {
      const reason = await errorMessageOf(response);
      throw new LanguageModelUnavailableError(`The hosted language model could not answer (HTTP ${response.status}): ${reason}`, {
        ...details,
        status: response.status,
        reason,
      });
    }
    return readAnswer(response, request.onText);
  };

  return {
    provider: 'hosted',
    id,
    chat(request) {
      return lane.run(async () => {
        try {
          return await call(request);
        } catch (error) {
          rethrowIfAborted(request.signal);
          if (error instanceof LanguageModelUnavailableError) throw error;
          const code = networkErrorCode(error);
          throw new LanguageModelUnavailableError(
            code !== undefined
              ? `The hosted language model at ${options.url} cannot be reached (no internet connection?): switch LLM_PROVIDER to local to write offline.`
              : `The hosted language model failed: ${errorText(error)}`,
            { ...details, cause: errorText(error), ...(code ? { code } : {}) },
          );
        }
      }, request.signal);
    },
    // No request: a probe would spend tokens and wait behind the one-call lane. The key being set is what can be known.
    async status(): Promise<LanguageModelStatus> {
      const waits = RATE_LIMIT_WAITS_MS.map((ms) => `${ms / 1000} s`).join(', ');
      return {
        provider: 'hosted',
        id,
        available: true,
        message: `The hosted model ${options.model} writes the drafts (ANTHROPIC_API_KEY is set); calls run one at a time, and a rate limit is retried after ${waits}.`,
      };
    },
  };
}
