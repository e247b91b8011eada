import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DumpResponse, PrefixResponse, RoutersResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { type RibStack, startRibStack } from './rib-stack.js';
import { ribStreams } from './ws-client.js';

/**
 * A daemon restart as the real one goes through it: the daemon is back first with no routers listed, then the
 * routers' BMP sessions return while their tables are still being learned, and only then is every table complete.
 */
describe('routing-table gateway: a daemon restart, whatever order the daemon and the routers come back in', () => {
  let s: RibStack;
  const streams = ribStreams(() => ({ url: s.t.url, token: s.token }));
  const connect = streams.connect;
  const lookup = async (prefix: string) => (await (await s.get(`/api/rib/prefix?prefix=${encodeURIComponent(prefix)}`)).json()) as PrefixResponse;
  beforeAll(async () => {
    s = await startRibStack();
    await s.tableReady();
  });
  afterEach(async () => {
    await streams.closeAll();
    s.ris.setRoutersListed(true);
    s.ris.setReady(true);
    await s.ris.start();
  });
  afterAll(async () => s?.close());

  it.each([
    ['the routers come back after the daemon, then their tables', ['routers', 'ready']],
    ['the daemon comes back with the routers listed but not ready', ['ready']],
  ])('resumes a stream that named no router when %s', async (_name, order) => {
    const ws = await connect();
    const firstEor = await ws.waitFor((m) => m.type === 'end_of_rib');
    await s.ris.stop();
    // The first status after the crash names it: the connection broke, not a table waiting for End-of-RIB.
    const down = await ws.waitFor((m) => m.type === 'status' && m.available === false, firstEor);
    expect(ws.messages[down]?.reason).toContain('connection to the routing daemon broke');

    s.ris.setRoutersListed(!order.includes('routers'));
    s.ris.setReady(false);
    await s.ris.start();
    if (order.includes('routers')) {
      await ws.waitFor((m) => m.type === 'status' && /no routers|reappear/.test(m.reason ?? ''), down);
      s.ris.setRoutersListed(true);
    }
    const notReady = await ws.waitFor((m) => m.type === 'status' && (m.reason ?? '').includes('End-of-RIB'), down);
    // Meanwhile every endpoint says the table is still being learned, instead of answering as if it were complete.
    await vi.waitFor(async () => expect((await lookup('198.51.100.0/24')).source.table?.ready).not.toBe(true));
    const partial = await lookup('198.51.100.0/23');
    expect(partial.more_specifics_count).toBeNull();
    expect(partial.more_specifics_truncated).toBe(true);
    // The table's own observer retries on its own timer: it names the daemon's state once its next call is refused.
    await vi.waitFor(async () => {
      const routers = (await (await s.get('/api/rib/routers')).json()) as RoutersResponse;
      expect(routers.source.table).toMatchObject({ ready: false, routes: 0 });
      expect(routers.source.table?.detail).toContain('End-of-RIB');
    });
    const dump = (await (await s.get('/api/rib/dump')).json()) as DumpResponse;
    expect(dump.source.table?.ready).toBe(false);

    s.ris.setReady(true);
    const up = await ws.waitFor((m) => m.type === 'status' && m.available === true, notReady);
    await ws.waitFor((m) => m.type === 'end_of_rib', up);
    expect(ws.messages.some((m) => m.type === 'error')).toBe(false);
    await s.tableReady();
    const whole = await lookup('198.51.100.0/23');
    expect(whole).toMatchObject({ source: { available: true, reason: null }, more_specifics_count: 2 });
  });

  it('still answers a router the client named, and the daemon does not list, as unknown', async () => {
    s.ris.setRoutersListed(false);
    const ws = await connect('afi=ipv4&router=192.0.2.10');
    const at = await ws.waitFor((m) => m.type === 'error');
    expect(ws.messages[at]).toMatchObject({ field: 'router' });
    expect((await ws.closed).code).toBe(1008);
  });
});

describe('routing-table gateway: a table that is still being learned', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack({ ris: { ready: false } });
  });
  afterAll(async () => s?.close());

  it('says so on every endpoint, with how far it is, until every neighbour has sent End-of-RIB', async () => {
    const body = (await (await s.get('/api/rib/prefix?prefix=198.51.100.0/23')).json()) as PrefixResponse;
    // The daemon's covering routes, marked as possibly partial; no count of the more-specifics yet.
    expect(body.match?.pfx).toBe('198.51.0.0/16');
    expect(body.source.available).toBe(true);
    expect(body.source.reason).toContain('still being learned');
    expect(body.source.table).toMatchObject({ ready: false, routes: 0 });
    expect(body).toMatchObject({ more_specifics: [], more_specifics_count: null, more_specifics_truncated: true });
    await vi.waitFor(async () => {
      const routers = (await (await s.get('/api/rib/routers')).json()) as RoutersResponse;
      expect(routers.source.table?.detail).toContain('End-of-RIB');
    });
    s.ris.setReady(true);
    await s.tableReady();
    const ready = (await (await s.get('/api/rib/prefix?prefix=198.51.100.0/23')).json()) as PrefixResponse;
    expect(ready.source).toMatchObject({ reason: null, table: { ready: true, routes: 5, detail: null } });
    expect(ready.more_specifics_count).toBe(2);
  });
});
