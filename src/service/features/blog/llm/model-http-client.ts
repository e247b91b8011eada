import { Agent, fetch as undiciFetch } from 'undici';

/** fetch toward a language model with the product's own timeouts, and close() for the connections it keeps. */
export interface ModelHttpClient {
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * The HTTP client's own limits (300 s until the answer's headers, 300 s between two pieces of its body) end a call to
 * a local model that thinks longer than that before its first token, as a large prompt on a CPU-only laptop does, with
 * a bare "fetch failed". Calls to the model use LLM_SILENCE_TIMEOUT_MS for both instead: by default the pipeline's
 * stall reset, so the product decides when a silent model is given up, in its own words.
 */
export function createModelHttpClient(silenceMs: number): ModelHttpClient {
  const dispatcher = new Agent({ headersTimeout: silenceMs, bodyTimeout: silenceMs });
  return {
    fetch: (input, init) =>
      undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher }) as unknown as Promise<Response>,
    close: () => dispatcher.close(),
  };
}
