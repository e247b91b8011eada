import type { FastifyRequest } from 'fastify';

/** Only this module can mint a viewer: the constructor demands this symbol, which is never exported. */
const ISSUER = Symbol('request-viewer issuer');
/** Where the auth hook leaves the viewer on the request; unexported, so no other code can set it by mistake. */
const SLOT = Symbol('request viewer');

/**
 * Who a query runs for. Row-level security of internal data (internal_demand.is_internal) depends on it, and every
 * repository function over such data requires one, so no query can forget to decide. Only the auth hook creates an
 * authenticated viewer (after verifying the bearer token); everything else gets the anonymous one, which sees public
 * rows only. The ES private field makes the type nominal: an object literal `{ authenticated: true }` does not
 * type-check as a RequestViewer, and `instanceof` catches a cast at run time.
 */
export class RequestViewer {
  readonly #authenticated: boolean;

  constructor(issuer: typeof ISSUER, authenticated: boolean) {
    if (issuer !== ISSUER) throw new TypeError('A RequestViewer is created by the auth hook only');
    this.#authenticated = authenticated;
  }

  get authenticated(): boolean {
    return this.#authenticated;
  }
}

/** The viewer of anything that did not pass the auth hook (jobs, tools, public routes): public rows only. */
export function anonymousViewer(): RequestViewer {
  return new RequestViewer(ISSUER, false);
}

/** Called by the auth hook once the token has been verified; the argument is the successful check itself. */
export function authenticateRequest(request: FastifyRequest, check: { valid: true }): RequestViewer {
  const viewer = new RequestViewer(ISSUER, check.valid);
  (request as unknown as Record<symbol, unknown>)[SLOT] = viewer;
  return viewer;
}

/** The request's viewer: authenticated when the auth hook verified its token, anonymous otherwise. */
export function viewerOf(request: FastifyRequest): RequestViewer {
  const viewer = (request as unknown as Record<symbol, unknown>)[SLOT];
  return viewer instanceof RequestViewer ? viewer : anonymousViewer();
}

/** Repositories call this first: a value that is not a real viewer (an `as` cast, a missing argument) fails loudly. */
export function requireViewer(viewer: RequestViewer): RequestViewer {
  if (!(viewer instanceof RequestViewer)) throw new TypeError('Row-level security: a RequestViewer from the auth hook is required');
  return viewer;
}
