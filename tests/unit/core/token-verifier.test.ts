import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../../src/service/features/auth/auth.service.js';
import { issueToken, signExpiry, TOKEN_LIFETIME_MS } from '../../../src/service/features/auth/auth.tokens.js';
import { startTestService } from '../../helpers/test-service.js';

const PASSWORD = 's3cret';
const NOW = 1_800_000_000_000;

describe('the token verifier of the auth hook (remembers tokens it found valid until they expire)', () => {
  it('accepts a remembered token up to its last moment, then says it expired, every time after', () => {
    let now = NOW;
    const verify = createTokenVerifier({ password: PASSWORD, now: () => now });
    const { token, expiresAt } = issueToken(PASSWORD, NOW);
    expect(verify(token)).toEqual({ valid: true, expiresAt });
    now = expiresAt;
    expect(verify(token)).toEqual({ valid: true, expiresAt });
    now = expiresAt + 1;
    expect(verify(token)).toEqual({ valid: false, reason: 'expired' });
    expect(verify(token)).toEqual({ valid: false, reason: 'expired' });
  });

  it('checks in full anything that is not exactly a remembered token: damaged, foreign, made-up or missing', () => {
    const verify = createTokenVerifier({ password: PASSWORD, now: () => NOW });
    const { token, expiresAt } = issueToken(PASSWORD, NOW);
    expect(verify(token).valid).toBe(true);
    const signature = token.slice(token.indexOf('.') + 1);
    expect(verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toEqual({ valid: false, reason: 'signature' });
    expect(verify(`${token} `)).toEqual({ valid: false, reason: 'signature' });
    // The remembered signature under a later expiry, and a token of another password for the same expiry.
    expect(verify(`${expiresAt + 1000}.${signature}`)).toEqual({ valid: false, reason: 'signature' });
    expect(verify(`${expiresAt}.${signExpiry(expiresAt, 'other')}`)).toEqual({ valid: false, reason: 'signature' });
    expect(verify('nodot')).toEqual({ valid: false, reason: 'malformed' });
    expect(verify(undefined)).toEqual({ valid: false, reason: 'missing' });
    expect(verify(token)).toEqual({ valid: true, expiresAt });
  });

  it('remembers nothing without a password: no token is valid, before or after one was issued', () => {
    const verify = createTokenVerifier({ password: undefined, now: () => NOW });
    const { token } = issueToken(PASSWORD, NOW);
    expect(verify(token)).toEqual({ valid: false, reason: 'not-configured' });
    expect(verify(token)).toEqual({ valid: false, reason: 'not-configured' });
  });

  it('keeps accepting a token it had to forget (more than a thousand others since), by checking it in full', () => {
    const verify = createTokenVerifier({ password: PASSWORD, now: () => NOW });
    const first = issueToken(PASSWORD, NOW);
    expect(verify(first.token).valid).toBe(true);
    for (let i = 1; i <= 1_200; i++) expect(verify(issueToken(PASSWORD, NOW + i).token).valid).toBe(true);
    expect(verify(first.token)).toEqual({ valid: true, expiresAt: first.expiresAt });
  });

  it('a protected route accepts a token it has seen until the token expires, then refuses it as expired', async () => {
    let now = NOW;
    const t = await startTestService({ now: () => now });
    try {
      const headers = { authorization: `Bearer ${await t.login()}` };
      const status = async () => (await t.service.http.inject({ url: '/api/system', headers })).statusCode;
      expect(await status()).toBe(200);
      now = NOW + TOKEN_LIFETIME_MS;
      expect(await status()).toBe(200);
      now = NOW + TOKEN_LIFETIME_MS + 1;
      const refused = await t.service.http.inject({ url: '/api/system', headers });
      expect(refused.statusCode).toBe(401);
      expect((refused.json() as { message: string }).message).toMatch(/expired/);
      expect(await status()).toBe(401);
    } finally {
      await t.close();
    }
  });
});
