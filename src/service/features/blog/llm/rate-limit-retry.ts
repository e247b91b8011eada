import { LanguageModelUnavailableError } from './language-model.types.js';
import { rethrowIfAborted } from './network-failure.js';

/**
 * Waits before each retry of a call the hosted API answered 429: three retries, then give up. The schedule is fixed
 * and a longer Retry-After is not honoured: the pipeline must fail in words within two minutes rather than hold the
 * one-call lane for as long as the API asks.
 */
export const RATE_LIMIT_WAITS_MS = [10_000, 30_000, 60_000] as const;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  signal?: AbortSignal | undefined;
  sleep: Sleep;
  now: () => number;
  onRetry?: (attempt: number, waitMs: number) => void;
}

/** Sends until the answer is not a 429, sleeping 10 s, 30 s and 60 s in between; the fourth 429 throws in plain words. */
export async function withRateLimitRetries(send: () => Promise<Response>, options: RetryOptions): Promise<Response> {
  const started = options.now();
  for (let retry = 0; ; retry++) {
    const response = await send();
    if (response.status !== 429) return response;
    await response.body?.cancel();
    const waitMs = RATE_LIMIT_WAITS_MS[retry];
    if (waitMs === undefined) {
      throw new LanguageModelUnavailableError(
        `The hosted language model is over its rate limit: it refused ${RATE_LIMIT_WAITS_MS.length + 1} times in ${Math.round((options.now() - started) / 1000)} seconds ` +
          '(HTTP 429, too many requests). Wait a few minutes and try again, or switch LLM_PROVIDER to local.',
        { status: 429, attempts: RATE_LIMIT_WAITS_MS.length + 1, waits_ms: [...RATE_LIMIT_WAITS_MS], elapsed_ms: options.now() - started },
      );
    }
    options.onRetry?.(retry + 1, waitMs);
    await options.sleep(waitMs, options.signal);
    rethrowIfAborted(options.signal);
  }
}
