import { type QueryParams, withQuery } from './query-string.js';

export type { QueryParams } from './query-string.js';

/** A non-2xx answer, with the message the service put in its {error, message} body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClient {
  get<T>(path: string, query?: QueryParams, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T>;
  /** Fetches with the bearer token and hands the body to the browser as a file download. */
  download(path: string, query: QueryParams, fileName: string): Promise<void>;
}

export interface ApiClientOptions {
  token: string;
  /** Called on any 401: the token expired or the password changed since sign-in. */
  onUnauthorized(): void;
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown; error?: unknown } | undefined;
  if (typeof body?.message === 'string') return body.message;
  if (typeof body?.error === 'string') return body.error;
  return `The service answered ${response.status} ${response.statusText}`.trim();
}

/**
 * Every API call of the dashboard goes through here: same-origin paths (the page is served by the service
 * itself), the Authorization header on each request, and one place that reacts to 401.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  async function send(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${options.token}`);
    const response = await fetch(path, { ...init, headers });
    if (response.status === 401) {
      options.onUnauthorized();
      throw new ApiError(401, 'Your session is no longer valid; sign in again.');
    }
    if (!response.ok) throw new ApiError(response.status, await messageOf(response));
    return response;
  }

  return {
    async get<T>(path: string, query?: QueryParams, signal?: AbortSignal): Promise<T> {
      const response = await send(withQuery(path, query), { signal: signal ?? null, headers: { Accept: 'application/json' } });
      return (await response.json()) as T;
    },
    async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
      const response = await send(path, {
        method: 'POST',
        signal: signal ?? null,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as T;
    },
    async download(path: string, query: QueryParams, fileName: string): Promise<void> {
      // A plain link cannot carry the Authorization header, so fetch the file and offer it from memory.
      const response = await send(withQuery(path, query), {});
      const url = URL.createObjectURL(await response.blob());
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // The click has started the download synchronously; the object URL is no longer needed after this task.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
    },
  };
}
