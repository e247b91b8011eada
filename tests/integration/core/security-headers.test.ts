import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardCspDirectives } from '../../../src/service/http/content-security-policy.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** Headers every HTTP response has anyway, whoever sends it; the rest of the reference answer is helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The service builds helmet's middleware once and applies it from one hook (src/service/http/security.ts) instead of
 * registering @fastify/helmet, which rebuilt it on every request. The headers must stay exactly what the plugin sends
 * for the same configuration, on every kind of answer: a public route, a protected one, a refusal and a 404.
 */
describe('security headers: exactly those of @fastify/helmet with the same configuration, on every answer', () => {
  let t: TestService;
  let reference: Record<string, string>;

  beforeAll(async () => {
    t = await startTestService({ env: { DASHBOARD_IMAGE_SOURCES: 'https://images.example.com' } });
    const plugin = Fastify({ logger: false });
    await plugin.register(fastifyHelmet, {
      contentSecurityPolicy: { directives: dashboardCspDirectives(t.service.ctx.config.dashboard.imageSources) },
      strictTransportSecurity: false,
    });
    plugin.get('/', async () => ({ ok: true }));
    const response = await plugin.inject({ url: '/' });
    await plugin.close();
    reference = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !NOT_HELMET.has(name))) as Record<string, string>;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the reference is a full set of helmet headers', () => {
    expect(Object.keys(reference).length).toBeGreaterThanOrEqual(10);
    expect(reference['content-security-policy']).toContain("default-src 'self'");
    expect(reference['x-content-type-options']).toBe('nosniff');
    expect(reference['strict-transport-security']).toBeUndefined();
  });

  it('sends each of them, with the same value, on a public, a protected, a refused and an unknown path', async () => {
    const headers = { authorization: `Bearer ${await t.login()}` };
    const answers = [
      await t.service.http.inject({ url: '/api/health' }),
      await t.service.http.inject({ url: '/api/transceivers?limit=1', headers }),
      await t.service.http.inject({ url: '/api/transceivers?limit=1' }),
      await t.service.http.inject({ url: '/api/transceivers?limit=0', headers }),
      await t.service.http.inject({ url: '/no/such/path' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 400, 404]);
    for (const answer of answers) {
      // The LAN is plain HTTP: no answer may pin browsers to HTTPS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      for (const [name, value] of Object.entries(reference)) expect(answer.headers[name], `${answer.statusCode} ${name}`).toBe(value);
    }
  });
});
