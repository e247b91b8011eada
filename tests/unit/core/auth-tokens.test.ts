import { describe, expect, it } from 'vitest';
import { checkToken, issueToken, passwordMatches, signExpiry } from '../../../src/service/features/auth/auth.tokens.js';
import { routeNeedsToken } from '../../../src/service/features/auth/auth.policy.js';
import { bearerToken } from '../../../src/service/features/auth/auth.service.js';

describe('tokens', () => {
  const password = 's3cret';
  it('round-trips and rejects each kind of damage', () => {
    const { token, expiresAt } = issueToken(password, 1000);
    expect(checkToken(token, password, 1000)).toEqual({ valid: true, expiresAt });
    expect(checkToken(token, password, expiresAt + 1)).toEqual({ valid: false, reason: 'expired' });
    expect(checkToken(token, 'other', 1000)).toEqual({ valid: false, reason: 'signature' });
    expect(checkToken(token.slice(0, -1), password, 1000)).toEqual({ valid: false, reason: 'signature' });
    expect(checkToken('nodot', password, 1000)).toEqual({ valid: false, reason: 'malformed' });
    expect(checkToken('.abc', password, 1000)).toEqual({ valid: false, reason: 'malformed' });
    expect(checkToken(`1e9.${signExpiry(1e9, password)}`, password, 0)).toEqual({ valid: false, reason: 'malformed' });
    expect(checkToken(`-5.${signExpiry(-5, password)}`, password, -10)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('signs the decimal text of expiresAt, base64url without padding', () => {
    const signature = signExpiry(1700000000000, 'pw');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('password comparison', () => {
  it('is exact, including beyond the 128-character comparison width and for non-ASCII text', () => {
    const long = 'x'.repeat(200);
    expect(passwordMatches(long, long)).toBe(true);
    expect(passwordMatches(`${'x'.repeat(199)}y`, long)).toBe(false);
    expect(passwordMatches('Grüße-Ω', 'Grüße-Ω')).toBe(true);
    expect(passwordMatches('Grüße-Ω', 'Grusse-O')).toBe(false);
    expect(passwordMatches('abc', 'abc\0')).toBe(false);
  });
});

describe('which routes need a token', () => {
  it.each([
    ['/api/transceivers', true],
    ['/api/internal/demand/by-speed', true],
    ['/search/products', true],
    ['/ws/rib', true],
    ['/api/health', false],
    ['/api/auth/login', false],
    ['/api/auth/verify', false],
    ['/api/healthz', true],
    ['/api/authority', true],
    ['/dashboard/', false],
    ['/docs', false],
  ])('%s -> %s', (pattern, expected) => {
    expect(routeNeedsToken(pattern)).toBe(expected);
  });

  it('reads the bearer scheme case-insensitively and nothing else', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer abc.def')).toBe('abc.def');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
