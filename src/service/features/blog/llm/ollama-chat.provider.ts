import { Ollama } from 'ollama';
import { type ChatRequest, type LanguageModel, type LanguageModelStatus, LanguageModelUnavailableError } from './language-model.types.js';
import { duration, errorText, isSilenceTimeout, networkErrorCode, rethrowIfAborted } from './network-failure.js';

export interface OllamaChatOptions {
  host: string;
  model: string;
  contextTokens: number;
  /** LLM_SILENCE_TIMEOUT_MS, which `fetch` applies; named in the message when a call is given up for it. */
  silenceTimeoutMs: number;
  fetch?: typeof fetch;
}

/** Ollama answers "model" and "model:latest" alike; anything else must match the pulled tag exactly. */
function sameModel(installed: string, wanted: string): boolean {
  const full = (name: string) => (name.includes(':') ? name : `${name}:latest`);
  return full(installed) === full(wanted);
}

function isLoopback(host: string): boolean {
  const hostname = new URL(host).hostname;
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}

/**
 * The local provider: chat with a model on an Ollama server (the `ollama` package). Answers always stream: a long
 * draft on a laptop can take minutes before the last token, longer than an HTTP client waits for a whole reply,
 * while streamed chunks keep the connection alive and feed onText.
 */
export function createOllamaChatModel(options: OllamaChatOptions): LanguageModel {
  const id = `local:${options.model}`;
  const baseFetch = options.fetch ?? fetch;
  // A client per call: the package aborts only its streams, so the caller's signal is bound into its fetch instead,
  // which also covers connecting and the non-streamed /api/tags.
  const clientFor = (signal: AbortSignal | undefined) =>
    new Ollama({ host: options.host, fetch: (input, init) => baseFetch(input, { ...init, ...(signal ? { signal } : {}) }) });

  const notRunning = () =>
    isLoopback(options.host)
      ? `Ollama is not running on this laptop (nothing answers at ${options.host}): start the Ollama app, then try again.`
      : `Ollama at ${options.host} does not answer: check that it runs and that OLLAMA_HOST is right.`;
  const notInstalled = () => `The model ${options.model} is not installed in Ollama: run ollama pull ${options.model}`;

  /** Turns what the package threw into words for the salesperson, keeping the original for the engineer. */
  const explain = (error: unknown, signal: AbortSignal | undefined): never => {
    rethrowIfAborted(signal);
    const details = { host: options.host, model: options.model, cause: errorText(error) };
    if (isSilenceTimeout(error)) {
      throw new LanguageModelUnavailableError(
        `Ollama at ${options.host} sent nothing for ${duration(options.silenceTimeoutMs)} while writing with ${options.model}, so the call was given up ` +
          '(LLM_SILENCE_TIMEOUT_MS). A slow laptop may need a longer limit, or a smaller model.',
        { ...details, silence_timeout_ms: options.silenceTimeoutMs },
      );
    }
    const code = networkErrorCode(error);
    if (code !== undefined) throw new LanguageModelUnavailableError(notRunning(), { ...details, code });
    const status = (error as { status_code?: unknown }).status_code;
    if (status === 404) throw new LanguageModelUnavailableError(notInstalled(), { ...details, status });
    throw new LanguageModelUnavailableError(`Ollama could not write the text with ${options.model}: ${errorText(error)}`, {
      ...details,
      ...(typeof status === 'number' ? { status } : {}),
    });
  };

  return {
    provider: 'local',
    id,
    async chat({ messages, signal, onText }: ChatRequest): Promise<string> {
      rethrowIfAborted(signal);
      let answer = '';
      try {
        const stream = await clientFor(signal).chat({
          model: options.model,
          messages: messages.map((message) => ({ role: message.role, content: message.content })),
          stream: true,
          options: { num_ctx: options.contextTokens },
        });
        for await (const part of stream) {
          const text = part.message.content;
          if (text === '') continue;
          answer += text;
          onText?.(text);
        }
      } catch (error) {
        explain(error, signal);
      }
      return answer;
    },
    async status(signal?: AbortSignal): Promise<LanguageModelStatus> {
      const state = (available: boolean, message: string): LanguageModelStatus => ({ provider: 'local', id, available, message });
      try {
        const { models } = await clientFor(signal).list();
        if (models.some((model) => sameModel(model.name, options.model))) return state(true, `Ollama is running and the model ${options.model} is installed.`);
        return state(false, notInstalled());
      } catch (error) {
        if (networkErrorCode(error) !== undefined) return state(false, notRunning());
        if (signal?.aborted) return state(false, `Ollama at ${options.host} did not answer in time: check that it runs, then try again.`);
        return state(false, `Ollama at ${options.host} answered with an error: ${errorText(error)}`);
      }
    },
  };
}
