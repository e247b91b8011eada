import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../../src/service/features/auth/auth.tokens.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';

const NOW = 1_790_000_000_123;
let t: TestService | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('POST /api/auth/login', () => {
  it('issues <expiresAt>.<base64url HMAC-SHA256(password, expiresAt)> valid for exactly 7 days', async () => {
    t = await startTestService({ now: () => NOW });
    const response = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; expiresAt: number };
    expect(body.expiresAt).toBe(NOW + TOKEN_LIFETIME_MS);
    expect(Number.isInteger(body.expiresAt)).toBe(true);
    const expected = createHmac('sha256', TEST_PASSWORD).update(String(body.expiresAt)).digest('base64url');
    expect(body.token).toBe(`${body.expiresAt}.${expected}`);
  });

  it.each([
    ['missing', {}],
    ['empty', { password: '' }],
    ['a number', { password: 12345 }],
    ['null', { password: null }],
  ])('answers 400 when the password is %s', async (_label, payload) => {
    t = await startTestService();
    const response = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).toMatch(/password is required/i);
  });

  it('answers 400 to a body that is not JSON and to no body at all', async () => {
    t = await startTestService();
    const garbled = await t.service.http.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(garbled.statusCode).toBe(400);
    const empty = await t.service.http.inject({ method: 'POST', url: '/api/auth/login' });
    expect(empty.statusCode).toBe(400);
    // A client that sets the JSON content type and sends nothing hears what is missing, not how bodies are parsed.
    const emptyJson = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(emptyJson.statusCode).toBe(400);
    expect((emptyJson.json() as { error: string }).error).toMatch(/password is required/i);
  });

  it('answers 401 to a wrong password, including one that shares the first 128 characters', async () => {
    const long = 'p'.repeat(130);
    t = await startTestService({ env: { DASHBOARD_PASSWORD: long } });
    const wrong = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect((wrong.json() as { error: string }).error).toMatch(/invalid password/i);
    const prefix = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'p'.repeat(129) } });
    expect(prefix.statusCode).toBe(401);
    const right = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password: long } });
    expect(right.statusCode).toBe(200);
  });

  it('answers 500 naming the missing setting when DASHBOARD_PASSWORD is not configured', async () => {
    t = await startTestService({ env: { DASHBOARD_PASSWORD: undefined } });
    for (const payload of [{ password: 'anything' }, {}]) {
      const response = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(500);
      expect((response.json() as { error: string }).error).toMatch(/not configured.*DASHBOARD_PASSWORD/);
    }
  });
});

describe('GET /api/auth/verify', () => {
  it('answers {ok: true} for a fresh token and {ok: false, error: "Unauthorized"} after it expires', async () => {
    let now = NOW;
    t = await startTestService({ now: () => now });
    const token = await t.login();
    const fresh = await t.service.http.inject({ url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as { ok: boolean }).ok).toBe(true);
    now = NOW + TOKEN_LIFETIME_MS;
    const lastMoment = await t.service.http.inject({ url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect(lastMoment.statusCode).toBe(200);
    now = NOW + TOKEN_LIFETIME_MS + 1;
    const expired = await t.service.http.inject({ url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ ok: false, error: 'Unauthorized' });
  });

  it('says the token expired when a protected route refuses an expired one', async () => {
    let now = NOW;
    t = await startTestService({ now: () => now });
    const token = await t.login();
    now = NOW + TOKEN_LIFETIME_MS + 1;
    const response = await t.service.http.inject({ url: '/api/system', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
    expect((response.json() as { message: string }).message).toMatch(/expired/);
  });

  it('accepts ?token= only on WebSocket routes, not on ordinary API routes', async () => {
    t = await startTestService();
    const token = await t.login();
    const response = await t.service.http.inject({ url: `/api/system?token=${encodeURIComponent(token)}` });
    expect(response.statusCode).toBe(401);
  });
});
