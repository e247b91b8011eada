import type { ApiDownloadRoutes, DownloadPath, GetPath, GetReply, PostBody, PostPath, PostReply, RequestOf } from '../../../shared/api/api-routes.js';
import { withParams, withQuery } from './query-string.js';

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

type GetArgs<P extends GetPath> = RequestOf<P> & { signal?: AbortSignal };

/**
 * The typed calls of the dashboard (src/shared/api/api-routes.ts): the path decides what the request takes and
 * what the reply is, so nothing here trusts a caller-named type.
 */
export interface ApiClient {
  get<P extends GetPath>(path: P, request: GetArgs<P>): Promise<GetReply<P>>;
  post<P extends PostPath>(path: P, body: PostBody<P>, signal?: AbortSignal): Promise<PostReply<P>>;
  /** Fetches with the bearer token and hands the body to the browser as a file download. */
  download<P extends DownloadPath>(path: P, query: ApiDownloadRoutes[P]['query'], fileName: string): Promise<void>;
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
    async get(path, request) {
      const url = withQuery(withParams(path, request.params), request.query);
      const response = await send(url, { signal: request.signal ?? null, headers: { Accept: 'application/json' } });
      // The reply's type is the route's response schema, which the service serialises with.
      return (await response.json()) as GetReply<typeof path>;
    },
    async post(path, body, signal) {
      const response = await send(path, {
        method: 'POST',
        signal: signal ?? null,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as PostReply<typeof path>;
    },
    async download(path, query, fileName) {
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
