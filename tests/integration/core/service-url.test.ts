import { afterEach, describe, expect, it } from 'vitest';
import { startupLines } from '../../../src/startup-report.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

describe('the service on an IPv6 address', () => {
  let t: TestService | undefined;
  afterEach(async () => t?.close());

  it('reports a bracketed URL that a client can open', async () => {
    t = await startTestService({ listen: true, env: { HOST: '::1' } });
    const port = new URL(t.url).port;
    expect(t.url).toBe(`http://[::1]:${port}`);
    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
    const lines = startupLines(t.service.config, t.url, Number(port));
    expect(lines).toContain(`Dashboard: http://[::1]:${port}/dashboard/`);
    expect(lines.join('\n')).toMatch(/Only this computer can reach it/);

    const token = await t.login();
    const system = await fetch(`${t.url}/api/system`, { headers: { authorization: `Bearer ${token}` } });
    expect(await system.json()).toMatchObject({ listen: { host: '::1', port: Number(port) }, shared_on_lan: false, lan_urls: [] });
  });
});
