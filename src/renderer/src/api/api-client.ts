import type {
  ActionBody,
  ActionPath,
  ActionReply,
  ApiDownloadRoutes,
  DeletePath,
  DownloadPath,
  GetPath,
  GetReply,
  PathParams,
  PostBody,
  PostPath,
  PostReply,
  RequestOf,
  UploadPath,
  UploadReply,
} from '../../../shared/api/api-routes.js';
import { withParams, withQuery } from './query-string.js';

/** The multipart field the service reads the uploaded file from (src/shared/api/documents.schemas.ts UPLOAD_FIELD). */
const UPLOAD_FIELD = 'file';

/**
 * A non-2xx answer, with the message the service put in its {error, message} body and its `details` (the import's
 * 422 carries its row-level report there; the route map names the type as `refusal`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
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
  /** A POST that changes data (never cached). */
  act<P extends ActionPath>(path: P, params: PathParams<P>, body: ActionBody<P>): Promise<ActionReply<P>>;
  /** Sends one file as multipart/form-data. */
  upload<P extends UploadPath>(path: P, file: Blob, fileName: string): Promise<UploadReply<P>>;
  remove<P extends DeletePath>(path: P, params: PathParams<P>): Promise<void>;
  /** Fetches with the bearer token and hands the body to the browser as a file download; params fill a path's :names. */
  download<P extends DownloadPath>(path: P, query: ApiDownloadRoutes[P]['query'], fileName: string, params?: PathParams<P>): Promise<void>;
}

export interface ApiClientOptions {
  token: string;
  /** Called on any 401: the token expired or the password changed since sign-in. */
  onUnauthorized(): void;
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown; error?: unknown; details?: unknown } | undefined;
  const message =
    typeof body?.message === 'string'
      ? body.message
      : typeof body?.error === 'string'
        ? body.error
        : `The service answered ${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, message, body?.details);
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
    if (!response.ok) throw await errorOf(response);
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
    async act(path, params, body) {
      const response = await send(withParams(path, params), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as ActionReply<typeof path>;
    },
    async upload(path, file, fileName) {
      // The browser writes the multipart boundary into Content-Type itself when the body is FormData.
      const form = new FormData();
      form.append(UPLOAD_FIELD, file, fileName);
      const response = await send(path, { method: 'POST', headers: { Accept: 'application/json' }, body: form });
      return (await response.json()) as UploadReply<typeof path>;
    },
    async remove(path, params) {
      await send(withParams(path, params), { method: 'DELETE' });
    },
    async download(path, query, fileName, params) {
      // A plain link cannot carry the Authorization header, so fetch the file and offer it from memory.
      const response = await send(withQuery(withParams(path, params), query), {});
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
