import type { SnapshotManifest, SnapshotPage } from '../../../shared/api/take-along.schemas.js';
import { AppError } from '../../errors.js';

/** A team server request that gets no answer within this time counts as a lost connection. */
const REQUEST_TIMEOUT_MS = 60_000;

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

async function errorText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : response.statusText;
}

async function call<T>(fetchImpl: typeof fetch, origin: string, path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(`${origin}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new TeamServerError(`The team server ${origin} could not be reached (${(error as Error).message}).`);
  }
  if (!response.ok) throw new TeamServerError(`The team server ${origin} answered ${response.status} to ${path.split('?')[0]}: ${await errorText(response)}`);
  return (await response.json()) as T;
}

/**
 * The laptop's client of a team server's snapshot routes. With the team password it signs in first, and every
 * request carries the token; the password itself is sent once, in the login body, and kept nowhere.
 */
export async function connectToTeam(fetchImpl: typeof fetch, origin: string, password: string | undefined): Promise<TeamClient> {
  const headers: Record<string, string> = {};
  if (password !== undefined) {
    const login = await call<{ token: string }>(fetchImpl, origin, '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    headers.authorization = `Bearer ${login.token}`;
  }
  return {
    manifest: () => call<SnapshotManifest>(fetchImpl, origin, '/api/take-along/manifest', { headers }),
    page: (table, after, limit) => {
      const query = new URLSearchParams({ limit: String(limit), ...(after === undefined ? {} : { after }) });
      return call<SnapshotPage>(fetchImpl, origin, `/api/take-along/tables/${table}?${query.toString()}`, { headers });
    },
  };
}
