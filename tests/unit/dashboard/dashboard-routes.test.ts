import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthHook } from '../../../src/service/features/auth/index.js';
import { createDashboardRoutes } from '../../../src/service/features/dashboard/dashboard.routes.js';
import { buildHttpApp } from '../../../src/service/http/app.js';
import type { TypedApp } from '../../../src/service/http/typed-app.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** The static dashboard routes over a folder the test controls: missing, then built while the app runs. */
describe('dashboard static routes', () => {
  let t: TestService;
  let app: TypedApp;
  let dir: string;

  beforeAll(async () => {
    t = await startTestService();
    dir = join(mkdtempSync(join(tmpdir(), 'ti-dashboard-')), 'renderer');
    app = await buildHttpApp(t.service.ctx, [createDashboardRoutes(dir)], createAuthHook(t.service.ctx));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('answers 503 saying how to build it while the bundle is missing: JSON for clients, HTML for browsers', async () => {
    const json = await app.inject({ url: '/dashboard/' });
    expect(json.statusCode).toBe(503);
    expect(json.json()).toMatchObject({ error: 'Service Unavailable' });
    expect(json.json<{ message: string }>().message).toContain('npm run build:app');
    const html = await app.inject({ url: '/dashboard/login.html', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(html.statusCode).toBe(503);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('npm run build:app');
    expect((await app.inject({ url: '/dashboard' })).statusCode).toBe(503);
  });

  it('serves the bundle once it is built, without a restart and without a token', async () => {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>index</title>');
    writeFileSync(join(dir, 'login.html'), '<!doctype html><title>login</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');

    const redirect = await app.inject({ url: '/dashboard' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/dashboard/');

    const index = await app.inject({ url: '/dashboard/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>index</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");

    const login = await app.inject({ url: '/dashboard/login.html' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>login</title>');

    const asset = await app.inject({ url: '/dashboard/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves nothing outside the bundle folder', async () => {
    writeFileSync(join(dir, '..', 'secret.txt'), 'outside');
    for (const url of ['/dashboard/../secret.txt', '/dashboard/%2e%2e/secret.txt', '/dashboard/assets/../../secret.txt']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body).not.toContain('outside');
    }
    expect((await app.inject({ url: '/dashboard/no-such-file.js' })).statusCode).toBe(404);
  });

  it("serves the bundle outside the API's request budget", async () => {
    const limited = await startTestService({ env: { RATE_LIMIT_MAX: '2' } });
    const limitedApp = await buildHttpApp(limited.service.ctx, [createDashboardRoutes(dir)], createAuthHook(limited.service.ctx));
    try {
      for (let i = 0; i < 3; i += 1) await limitedApp.inject({ url: `/api/probe/${i}` });
      expect((await limitedApp.inject({ url: '/api/probe/3' })).statusCode).toBe(429);
      const pages = [];
      for (let i = 0; i < 5; i += 1)
        pages.push((await limitedApp.inject({ url: i % 2 === 0 ? '/dashboard/' : '/dashboard/assets/index-abc123.js' })).statusCode);
      expect(pages).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await limitedApp.close();
      await limited.close();
    }
  });
});
