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
