/** Socket-level codes that mean "nothing answered there" rather than "it answered with an error". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** The first error code of `codes` on the error or its causes (undici wraps a socket's error in `cause`, sometimes twice). */
function causeCode(error: unknown, codes: ReadonlySet<string>): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The socket error code behind a failed fetch, if any. */
export function networkErrorCode(error: unknown): string | undefined {
  return causeCode(error, UNREACHABLE_CODES);
}

/** The HTTP client's codes for a server that stayed silent past LLM_SILENCE_TIMEOUT_MS: before its headers, or within its body. */
const SILENCE_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Whether a failed fetch gave up on a model that sent nothing for the configured silence (model-http-client.ts). */
export function isSilenceTimeout(error: unknown): boolean {
  return causeCode(error, SILENCE_CODES) !== undefined;
}

/** A span of time in words: "15 minutes", "1 second". */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms % 60_000 === 0) return ms === 60_000 ? '1 minute' : `${ms / 60_000} minutes`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Combines the caller's signal with the provider's own (shutdown, probe timeout); undefined entries are skipped. */
export function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}

/** When the caller aborted, its reason is what the caller expects to see, not a provider error wrapping it. */
export function rethrowIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
}
