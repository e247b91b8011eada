import type { Logger } from 'pino';
import { type ChatMessage, type ChatRequest, type LanguageModel, type LanguageModelStatus, LanguageModelUnavailableError } from './language-model.types.js';
import { anySignal, duration, errorText, isSilenceTimeout, networkErrorCode, rethrowIfAborted } from './network-failure.js';
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
  /** LLM_SILENCE_TIMEOUT_MS, which `fetch` applies; named in the message when a call is given up for it. */
  silenceTimeoutMs: number;
  fetch?: typeof fetch;
}

const API_VERSION = '2023-06-01';
/** One attempt that has not finished by then is given up: a hung connection would otherwise hold the one-call lane. */
const ATTEMPT_TIMEOUT_MS = 10 * 60_000;

/** The fields of the streamed events that matter here (message_start, content_block_delta, message_delta, error, ...). */
interface StreamEvent {
  type?: string;
  delta?: { type?: string; text?: string; stop_reason?: string };
  error?: { type?: string; message?: string };
}

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

  const brokeOff = (received: string, cause?: unknown) =>
    new LanguageModelUnavailableError('The connection to the hosted language model broke off in the middle of its answer.', {
      ...details,
      received_chars: received.length,
      ...(cause === undefined ? {} : { cause: errorText(cause) }),
    });

  const readAnswer = async (response: Response, request: ChatRequest): Promise<string> => {
    if (!response.body) throw new LanguageModelUnavailableError('The hosted language model sent an empty answer.', details);
    let answer = '';
    let complete = false;
    try {
      complete = await readEvents(response.body, (text) => {
        answer += text;
        request.onText?.(text);
      });
    } catch (error) {
      rethrowIfAborted(request.signal);
      if (error instanceof LanguageModelUnavailableError) throw error;
      throw brokeOff(answer, error);
    }
    // A stream that ends without message_stop lost its connection: half a draft must not pass for a whole one.
    if (!complete) throw brokeOff(answer);
    return answer;
  };

  /** Hands each piece of text on; true once message_stop arrives, false when the stream ends before it. */
  const readEvents = async (body: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<boolean> => {
    for await (const event of readServerSentEvents(body)) {
      const data = JSON.parse(event.data) as StreamEvent;
      if (data.type === 'content_block_delta' && data.delta?.type === 'text_delta' && typeof data.delta.text === 'string') {
        onText(data.delta.text);
      } else if (data.type === 'message_delta' && data.delta?.stop_reason === 'max_tokens') {
        options.logger.warn({ model: options.model, maxTokens: options.maxTokens }, 'hosted answer cut at ANTHROPIC_MAX_TOKENS');
      } else if (data.type === 'error') {
        throw new LanguageModelUnavailableError(`The hosted language model stopped in the middle of its answer: ${data.error?.message ?? 'no reason given'}`, {
          ...details,
          error: data.error,
        });
      } else if (data.type === 'message_stop') {
        return true;
      }
    }
    return false;
  };

  const call = async (request: ChatRequest): Promise<string> => {
    const response = await withRateLimitRetries(() => send(request), {
      signal: request.signal,
      sleep: options.sleep,
      now: options.now,
      onRetry: (attempt, waitMs) => {
        options.logger.warn({ attempt, waitMs, model: options.model }, 'hosted language model rate-limited (429); retrying');
        request.onWait?.({ reason: 'rate_limit', retry: attempt, retries: RATE_LIMIT_WAITS_MS.length, waitMs });
      },
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
    return readAnswer(response, request);
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
          if (isSilenceTimeout(error)) {
            throw new LanguageModelUnavailableError(
              `The hosted language model sent nothing for ${duration(options.silenceTimeoutMs)}, so the call was given up (LLM_SILENCE_TIMEOUT_MS).`,
              { ...details, cause: errorText(error), silence_timeout_ms: options.silenceTimeoutMs },
            );
          }
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
    // GET /v1/models/{model} spends no tokens and needs no turn in the lane, yet proves network, key and model.
    async status(signal?: AbortSignal): Promise<LanguageModelStatus> {
      const state = (available: boolean, message: string): LanguageModelStatus => ({ provider: 'hosted', id, available, message });
      let response: Response;
      try {
        response = await doFetch(`${options.url}/v1/models/${encodeURIComponent(options.model)}`, {
          headers: { 'x-api-key': options.apiKey, 'anthropic-version': API_VERSION },
          ...(signal ? { signal } : {}),
        });
        await response.body?.cancel();
      } catch (error) {
        if (networkErrorCode(error) === undefined && !signal?.aborted) return state(false, `The hosted model API failed: ${errorText(error)}`);
        return state(
          false,
          `The hosted model API at ${options.url} cannot be reached (no internet connection?): switch LLM_PROVIDER to local to write offline.`,
        );
      }
      if (response.ok) return state(true, `The hosted model ${options.model} is reachable and accepts the key; calls run one at a time.`);
      if (response.status === 401 || response.status === 403) return state(false, 'The hosted model API refused the API key: check ANTHROPIC_API_KEY.');
      if (response.status === 404) return state(false, `The hosted model API does not know the model ${options.model}: check ANTHROPIC_MODEL.`);
      if (response.status === 429) return state(false, 'The hosted model API is over its rate limit right now: try again in a minute.');
      return state(false, `The hosted model API answered HTTP ${response.status}: try again later, or switch LLM_PROVIDER to local.`);
    },
  };
}
