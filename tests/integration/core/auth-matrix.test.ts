import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeNeedsToken } from '../../../src/service/features/auth/auth.policy.js';
import { issueToken, signExpiry } from '../../../src/service/features/auth/auth.tokens.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';

/** Fills path parameters with a plausible value so the request reaches the route's hooks. */
function concretePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]+/g, 'x').replace(/\*/g, 'x');
}

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('every protected route refuses every bad token', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ now: () => NOW });
  });
  afterAll(async () => t?.close());

  const badTokens = (): Array<[string, Record<string, string>]> => {
    const expiredAt = NOW - 1;
    const future = NOW + 60_000;
    return [
      ['no token', {}],
      ['a non-bearer scheme', { authorization: `Basic ${Buffer.from(`u:${TEST_PASSWORD}`).toString('base64')}` }],
      ['a malformed token (no dot)', { authorization: 'Bearer abcdef' }],
      ['a malformed token (non-integer expiry)', { authorization: `Bearer 12ab.${signExpiry(12, TEST_PASSWORD)}` }],
      ['an expired token', { authorization: `Bearer ${expiredAt}.${signExpiry(expiredAt, TEST_PASSWORD)}` }],
      ['a wrongly signed token', { authorization: `Bearer ${future}.${signExpiry(future, 'not the password')}` }],
      ['a token of an earlier password', { authorization: `Bearer ${issueToken('the previous password', NOW).token}` }],
      ['a signature of another expiry', { authorization: `Bearer ${future}.${signExpiry(future + 1, TEST_PASSWORD)}` }],
    ];
  };

  it("compiles every route's request validators (they compile lazily in production)", () => {
    expect(() => t.service.http.compileAllValidators()).not.toThrow();
  });

  it('finds protected routes to test', () => {
    const protectedRoutes = t.service.http.registeredRoutes.filter((r) => !r.public && routeNeedsToken(r.url));
    expect(protectedRoutes.length).toBeGreaterThan(0);
  });

  it('answers 401 to each bad token on each protected route, and never 500 anywhere', async () => {
    const failures: string[] = [];
    for (const route of t.service.http.registeredRoutes) {
      const needsToken = !route.public && routeNeedsToken(route.url);
      for (const [label, headers] of badTokens()) {
        const response = await t.service.http.inject({
          method: route.method as 'GET',
          url: concretePath(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        if (response.statusCode >= 500 && !(route.url === '/api/auth/login')) {
          failures.push(`${route.method} ${route.url} with ${label}: ${response.statusCode}`);
        }
        if (needsToken && response.statusCode !== 401) {
          failures.push(`${route.method} ${route.url} with ${label}: expected 401, got ${response.statusCode}`);
        }
        if (needsToken) {
          const body = response.json() as { error?: string; message?: string };
          if (body.error !== 'Unauthorized' || !body.message) failures.push(`${route.method} ${route.url}: 401 body ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a valid token through to every protected route', async () => {
    const token = issueToken(TEST_PASSWORD, NOW).token;
    const refused: string[] = [];
    for (const route of t.service.http.registeredRoutes.filter((r) => !r.public && routeNeedsToken(r.url))) {
      const response = await t.service.http.inject({
        method: route.method as 'GET',
        url: concretePath(route.url),
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode === 401) refused.push(`${route.method} ${route.url}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('a password change invalidates every token', () => {
  it('refuses a token issued under the previous password after a restart with a new one', async () => {
    const first = await startTestService();
    const token = await first.login();
    const ok = await first.service.http.inject({ url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect(ok.statusCode).toBe(200);
    await first.service.stop();
    const second = await startTestService({ dataDir: first.dataDir, env: { DASHBOARD_PASSWORD: 'a brand new password' } });
    try {
      const refused = await second.service.http.inject({ url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ ok: false, error: 'Unauthorized' });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
