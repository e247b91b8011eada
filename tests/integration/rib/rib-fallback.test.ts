import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DumpResponse, PrefixResponse, RoutersResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { type RibStack, startRibStack } from './rib-stack.js';

describe('routing-table gateway: daemon stopped, then back', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack();
  });
  afterAll(async () => s?.close());

  it('answers 200 with empty results and the reason while the daemon is down, and recovers when it returns', async () => {
    expect(((await (await s.get('/api/rib/prefix?prefix=198.51.100.0/24')).json()) as PrefixResponse).match?.pfx).toBe('198.51.100.0/24');
    await s.ris.stop();

    const prefix = await s.get('/api/rib/prefix?prefix=198.51.100.0/24');
    expect(prefix.status).toBe(200);
    const body = (await prefix.json()) as PrefixResponse;
    expect(body.source.available).toBe(false);
    expect(body.source.reason).toMatch(/UNAVAILABLE|no answer/);
    // The gateway's own words: no gRPC library text, socket errors or addresses.
    expect(body.source.reason).not.toMatch(/ECONNREFUSED|Last error|No connection established|127\.0\.0\.1|:\d{2,5}\b/);
    expect(body).toMatchObject({ match: null, less_specifics: [], more_specifics: [] });

    const routers = (await (await s.get('/api/rib/routers')).json()) as RoutersResponse;
    expect(routers.source.available).toBe(false);
    expect(routers.routers).toEqual([]);

    const dumpResponse = await s.get('/api/rib/dump');
    expect(dumpResponse.status).toBe(200);
    const dump = (await dumpResponse.json()) as DumpResponse;
    expect(dump).toMatchObject({ routes: [], count: 0, complete: false });
    expect(dump.source.available).toBe(false);
    expect(dump.error).toBe(dump.source.reason);

    // The test server keeps its tables across the restart, as a daemon would re-learn them over BMP.
    await s.ris.start();
    await vi.waitFor(
      async () => {
        const again = (await (await s.get('/api/rib/prefix?prefix=198.51.100.0/24')).json()) as PrefixResponse;
        expect(again.source.available).toBe(true);
        expect(again.match?.pfx).toBe('198.51.100.0/24');
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});

describe('routing-table gateway: daemon that accepts connections but never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let t: TestService;
  let token: string;
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    t = await startTestService({ listen: true, env: { RIS_ADDRESS: `127.0.0.1:${port}`, RIS_TIMEOUT_MS: '300' } });
    token = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('falls back once the timeout passes instead of hanging', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const prefix = (await (await fetch(`${t.url}/api/rib/prefix?prefix=198.51.100.0/24&router=192.0.2.10`, { headers })).json()) as PrefixResponse;
    expect(prefix.source).toMatchObject({ available: false, router: '192.0.2.10' });
    expect(prefix.source.reason).toMatch(/300 ms|UNAVAILABLE/);
    const dump = (await (await fetch(`${t.url}/api/rib/dump?router=192.0.2.10`, { headers })).json()) as DumpResponse;
    expect(dump).toMatchObject({ routes: [], complete: false });
    expect(dump.source.available).toBe(false);
  });
});

describe('routing-table gateway: switched off', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ env: { RIS_ENABLED: 'false' } });
  });
  afterAll(async () => t?.close());

  it('never dials and says why', async () => {
    const token = await t.login();
    const response = await t.service.http.inject({ url: '/api/rib/routers', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ source: { available: false, reason: expect.stringContaining('RIS_ENABLED') }, routers: [] });
  });
});

describe('routing-table gateway: service shutdown with streams open', () => {
  it('ends an open dump (complete false) and cancels its daemon stream instead of waiting for it', async () => {
    const s = await startRibStack({ ris: { syntheticIpv4: 300_000 }, seed: false });
    try {
      const response = await s.get('/api/rib/dump?limit=2000000');
      const reader = response.body?.getReader();
      const first = await reader?.read();
      expect(first?.done).toBe(false);
      const stopped = s.t.service.stop();
      let text = Buffer.from(first?.value ?? new Uint8Array()).toString();
      for (;;) {
        const chunk = await reader?.read().catch(() => undefined);
        if (!chunk || chunk.done) break;
        text = (text + Buffer.from(chunk.value).toString()).slice(-500);
      }
      await stopped;
      expect(text).toMatch(/"complete":false,"error":"[^"]+"}$/);
      await vi.waitFor(() => expect(s.ris.cancelledDumps).toBe(1));
    } finally {
      await s.close();
    }
  });
});
