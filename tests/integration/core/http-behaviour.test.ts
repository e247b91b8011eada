import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/test-service.js';

let t: TestService | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('HTTP behaviour shared by every route', () => {
  it('answers unknown paths with a JSON 404', async () => {
    t = await startTestService();
    const response = await t.service.http.inject({ url: '/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: 'Not Found', message: 'No route for GET /no/such/thing' });
  });

  it('refuses a body over the limit with a JSON 413', async () => {
    t = await startTestService({ env: { BODY_LIMIT_BYTES: '1024' } });
    const response = await t.service.http.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect((response.json() as { error: string }).error).toBe('Payload Too Large');
  });

  it('sends security headers and a request id, keeping a sane caller id', async () => {
    t = await startTestService();
    const response = await t.service.http.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-request-id']).toBe('trace-42');
    const unsafe = await t.service.http.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows cross-origin calls only from CORS_ORIGINS', async () => {
    t = await startTestService({ env: { CORS_ORIGINS: 'http://tools.lan:8080' } });
    const allowed = await t.service.http.inject({
      method: 'OPTIONS',
      url: '/api/system',
      headers: { origin: 'http://tools.lan:8080', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://tools.lan:8080');
    const other = await t.service.http.inject({ url: '/api/health', headers: { origin: 'http://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits logins more tightly than reads, with Retry-After on 429', async () => {
    t = await startTestService({ env: { RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_MAX: '50' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await t.service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'wrong' } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect((response.json() as { error: string }).error).toBe('Too Many Requests');
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const read = await t.service.http.inject({ url: '/api/health' });
    expect(read.statusCode).toBe(200);
  });

  it('limits requests to unknown paths like every route, from the same budget, with Retry-After on 429', async () => {
    t = await startTestService({ env: { RATE_LIMIT_MAX: '5' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await t.service.http.inject({ url: `/probe/${i}` })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    const limited = await t.service.http.inject({ url: '/probe/5' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Rate limit of 5 requests per minute exceeded; retry in \d+ s$/),
    });
    // Health keeps its own budget: a client that spent the API's still sees the service answering.
    expect((await t.service.http.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('gives health a budget of its own, and names the window in every 429', async () => {
    t = await startTestService({ env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_HEALTH_MAX: '3', RATE_LIMIT_WINDOW_MS: '300000' } });
    const health = async () => t!.service.http.inject({ url: '/api/health' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await health()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await health()).json()).toMatchObject({ message: expect.stringMatching(/^Rate limit of 3 requests per 5 minutes exceeded; retry in \d+ s$/) });
    // Spending health's budget took nothing from the API's.
    expect((await t.service.http.inject({ url: '/probe/1' })).statusCode).toBe(404);
  });

  it('logs one line per answered request with LOG_REQUESTS, and none without', async () => {
    const lines: string[] = [];
    t = await startTestService({ env: { LOG_LEVEL: 'info', LOG_REQUESTS: 'true' }, logLines: (line) => lines.push(line) });
    await t.service.http.inject({ url: '/api/health?detail=1' });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.url === '/api/health');
    expect(logged).toEqual([expect.objectContaining({ msg: 'request', method: 'GET', status: 200, ms: expect.any(Number) })]);
    await t.close();
    lines.length = 0;
    t = await startTestService({ env: { LOG_LEVEL: 'info' }, logLines: (line) => lines.push(line) });
    await t.service.http.inject({ url: '/api/health' });
    expect(lines.filter((line) => line.includes('/api/health'))).toEqual([]);
  });

  it('keys the limiter on X-Forwarded-For from proxies on this host by default, and from no other client', async () => {
    const attempt = (svc: TestService, forwardedFor: string, remoteAddress: string) =>
      svc.service.http.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: 'wrong' },
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress,
      });
    t = await startTestService({ env: { RATE_LIMIT_LOGIN_MAX: '1' } });
    // A reverse proxy on this host: each forwarded client has its own budget.
    expect((await attempt(t, '203.0.113.1', '127.0.0.1')).statusCode).toBe(401);
    expect((await attempt(t, '203.0.113.2', '127.0.0.1')).statusCode).toBe(401);
    expect((await attempt(t, '203.0.113.1', '127.0.0.1')).statusCode).toBe(429);
    // A client on the LAN cannot name another address for itself.
    expect((await attempt(t, '203.0.113.3', '192.0.2.50')).statusCode).toBe(401);
    expect((await attempt(t, '203.0.113.4', '192.0.2.50')).statusCode).toBe(429);
    await t.close();
    t = await startTestService({ env: { RATE_LIMIT_LOGIN_MAX: '1', TRUST_PROXY: 'false' } });
    expect((await attempt(t, '203.0.113.1', '127.0.0.1')).statusCode).toBe(401);
    expect((await attempt(t, '203.0.113.2', '127.0.0.1')).statusCode).toBe(429);
    await t.close();
    t = await startTestService({ env: { RATE_LIMIT_LOGIN_MAX: '1', TRUST_PROXY: '192.0.2.50' } });
    expect((await attempt(t, '203.0.113.5', '192.0.2.50')).statusCode).toBe(401);
    expect((await attempt(t, '203.0.113.6', '192.0.2.50')).statusCode).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it("describes the bearer scheme, marks public routes and declares every route's success response", async () => {
    t = await startTestService();
    const response = await t.service.http.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      security: unknown[];
      paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // A redirect's success is its 3xx and a WebSocket upgrade's its 101; either way the answer must be declared.
        const success = Object.keys(operation.responses ?? {}).filter((code) => code.startsWith('2') || code.startsWith('3') || code === '101');
        if (success.length === 0) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    const ui = await t.service.http.inject({ url: '/docs/' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
