import { InvalidError, NotConfiguredError, UnauthorizedError } from '../../errors.js';
import { checkToken, issueToken, passwordMatches, type TokenCheck } from './auth.tokens.js';

export interface AuthDeps {
  password: string | undefined;
  now(): number;
}

const NOT_CONFIGURED = 'Authentication is not configured: set DASHBOARD_PASSWORD on the server';

export function login(deps: AuthDeps, given: unknown): { token: string; expiresAt: number } {
  if (deps.password === undefined) throw new NotConfiguredError(NOT_CONFIGURED);
  if (typeof given !== 'string' || given === '') throw new InvalidError('A password is required (JSON body {"password": "..."})');
  if (!passwordMatches(given, deps.password)) throw new UnauthorizedError('Invalid password');
  return issueToken(deps.password, deps.now());
}

/** Reads "Bearer <token>" (case-insensitive scheme); anything else is no token. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function verifyToken(deps: AuthDeps, token: string | undefined): TokenCheck | { valid: false; reason: 'missing' | 'not-configured' } {
  if (deps.password === undefined) return { valid: false, reason: 'not-configured' };
  if (token === undefined) return { valid: false, reason: 'missing' };
  return checkToken(token, deps.password, deps.now());
}

/** Tokens one verifier remembers: far more than the colleagues of one service sign in with in a week. */
const MAX_REMEMBERED_TOKENS = 1_000;

/**
 * verifyToken for every request of one service, remembering each token it found valid together with its expiry: the
 * signature of a token cannot change, and the password it was checked against is fixed for the service's life, so
 * until it expires a token seen before is valid without its HMAC and the constant-time comparison again (a lookup by
 * the whole token string, so an unknown or altered token is always checked in full). Expiry is checked on every
 * request; an expired token is forgotten and gets the full check's answer.
 */
export function createTokenVerifier(deps: AuthDeps): (token: string | undefined) => ReturnType<typeof verifyToken> {
  const remembered = new Map<string, number>();
  return (token) => {
    const expiresAt = token === undefined ? undefined : remembered.get(token);
    if (expiresAt !== undefined) {
      if (deps.now() <= expiresAt) return { valid: true, expiresAt };
      remembered.delete(token!);
    }
    const check = verifyToken(deps, token);
    if (check.valid && token !== undefined) {
      // The oldest remembered token goes first; it is checked in full when it comes again.
      if (remembered.size >= MAX_REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value!);
      remembered.set(token, check.expiresAt);
    }
    return check;
  };
}

const REASON_TEXT: Record<string, string> = {
  missing: 'A bearer token is required (Authorization: Bearer <token> from POST /api/auth/login)',
  malformed: 'The bearer token is malformed',
  expired: 'The bearer token has expired; log in again',
  signature: 'The bearer token is not valid (wrong signature, or the password has changed)',
  'not-configured': 'Authentication is not configured on the server (DASHBOARD_PASSWORD), so no token is valid',
};

export function unauthorizedFor(reason: string): UnauthorizedError {
  return new UnauthorizedError(REASON_TEXT[reason] ?? 'Unauthorized');
}
