import { Ajv } from 'ajv';
import { SnapshotManifest, SnapshotPage } from '../../../shared/api/take-along.schemas.js';
import { AppError } from '../../errors.js';
import { readCappedBody } from '../../read-capped-body.js';

/** A team server request that gets no answer (its whole body) within this time counts as a lost connection. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** The largest answer read: a page of 5,000 rows of the widest table is a few megabytes. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** The most of a team server's error message that reaches the laptop's status and log. */
const MESSAGE_CHARS = 300;

/** The team server could not be reached, or answered with an error: the message says which and what to do. */
export class TeamServerError extends AppError {
  constructor(message: string) {
    super(502, 'Bad Gateway', message);
  }
}

export interface TeamClient {
  manifest(): Promise<SnapshotManifest>;
  page(table: string, after: string | undefined, limit: number): Promise<SnapshotPage>;
}

interface Expected<T> {
  what: string;
  check(value: unknown): value is T;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

function errorText(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message.slice(0, MESSAGE_CHARS) : fallback;
}

/**
 * One request to the team server: redirects are not followed (the laptop talks to the address it was given and to
 * no other), the answer must be JSON of the expected shape and at most MAX_ANSWER_BYTES, within REQUEST_TIMEOUT_MS.
 * Nothing of an answer that is not a team server's reaches the caller but its status.
 */
async function call<T>(fetchImpl: typeof fetch, origin: string, path: string, init: RequestInit, expected: Expected<T>): Promise<T> {
  const route = path.split('?')[0];
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(`${origin}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new TeamServerError(
        `The team server ${origin} answered ${route} with a redirect (${response.status}); take along from the address of the team server itself.`,
      );
    }
    text = await readCappedBody(response, MAX_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof TeamServerError) throw error;
    throw new TeamServerError(`The team server ${origin} could not be reached or read (${(error as Error).message}).`);
  }
  const body = (response.headers.get('content-type') ?? '').includes('application/json') ? parsed(text) : undefined;
  if (!response.ok) throw new TeamServerError(`The team server ${origin} answered ${response.status} to ${route}: ${errorText(body, response.statusText)}`);
  if (!expected.check(body)) throw new TeamServerError(`${origin} is not a team server: its answer to ${route} is not ${expected.what}.`);
  return body;
}

const A_TOKEN: Expected<{ token: string }> = {
  what: 'a sign-in token',
  check: (value): value is { token: string } => typeof (value as { token?: unknown } | undefined)?.token === 'string',
};

/**
 * The laptop's client of a team server's snapshot routes. With the team password it signs in first, and every
 * request carries the token; the password itself is sent once, in the login body, and kept nowhere.
 */
export async function connectToTeam(fetchImpl: typeof fetch, origin: string, password: string | undefined): Promise<TeamClient> {
  const ajv = new Ajv({ strict: false });
  const A_MANIFEST: Expected<SnapshotManifest> = { what: 'a snapshot manifest', check: ajv.compile<SnapshotManifest>(SnapshotManifest) };
  const A_PAGE: Expected<SnapshotPage> = { what: 'a snapshot page', check: ajv.compile<SnapshotPage>(SnapshotPage) };
  const headers: Record<string, string> = {};
  if (password !== undefined) {
    const login = await call(
      fetchImpl,
      origin,
      '/api/auth/login',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) },
      A_TOKEN,
    );
    headers.authorization = `Bearer ${login.token}`;
  }
  return {
    manifest: () => call(fetchImpl, origin, '/api/take-along/manifest', { headers }, A_MANIFEST),
    page: (table, after, limit) => {
      const query = new URLSearchParams({ limit: String(limit), ...(after === undefined ? {} : { after }) });
      return call(fetchImpl, origin, `/api/take-along/tables/${table}?${query.toString()}`, { headers }, A_PAGE);
    },
  };
}
