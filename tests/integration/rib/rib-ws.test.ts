import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bgpPath, route } from '../../fixtures/ris-server/ris-routes.fixture.js';
import { type RibStack, startRibStack } from './rib-stack.js';
import { openWs, ribStreams } from './ws-client.js';

describe('WS /ws/rib', () => {
  let s: RibStack;
  const streams = ribStreams(() => ({ url: s.t.url, token: s.token }));
  const connect = streams.connect;
  beforeAll(async () => {
    s = await startRibStack();
  });
  afterEach(async () => {
    await streams.closeAll();
    s.ris.setReady(true);
    s.ris.restoreFeed();
  });
  afterAll(async () => s?.close());

  it('relays the initial dump (marked), end-of-RIB, then live adds and withdrawals', async () => {
    const ws = await connect();
    const eor = await ws.waitFor((m) => m.type === 'end_of_rib');
    expect(ws.messages[0]).toMatchObject({ type: 'status', afi: 'ipv4', available: true, reason: null, router: '192.0.2.10', vrf: '0:0' });
    const initial = ws.messages.slice(1, eor);
    // One message per path: the seeded IPv4 table has five routes with six paths.
    expect(initial).toHaveLength(6);
    expect(initial.every((m) => m.type === 'add' && m.initial_dump === true)).toBe(true);
    expect(initial.map((m) => m.route?.pfx)).toContain('198.51.100.128/25');

    const added = route('192.0.2.128/25', bgpPath({ nextHop: '192.0.2.1', asPath: [65001, 64510] }));
    s.ris.advertise(added);
    const addAt = await ws.waitFor((m) => m.type === 'add' && m.route?.pfx === '192.0.2.128/25');
    expect(ws.messages[addAt]).toMatchObject({ initial_dump: false, route: { paths: [{ bgp_path: { as_path: [{ asns: [65001, 64510] }] } }] } });

    s.ris.withdraw(added);
    const withdrawAt = await ws.waitFor((m) => m.type === 'withdraw', addAt);
    expect(ws.messages[withdrawAt]).toMatchObject({ afi: 'ipv4', initial_dump: false, route: { pfx: '192.0.2.128/25' } });
  });

  it('subscribes to both families when none is named', async () => {
    const ws = await connect('');
    await ws.waitFor((m) => m.type === 'end_of_rib' && m.afi === 'ipv4');
    await ws.waitFor((m) => m.type === 'end_of_rib' && m.afi === 'ipv6');
    expect(ws.messages.filter((m) => m.type === 'add' && m.afi === 'ipv6').map((m) => m.route?.pfx)).toEqual([
      '2001:db8::/32',
      '2001:db8:1::/48',
      '2001:db8:1:2::/64',
    ]);
  });

  it('reports a RIB that is not ready yet, then streams by itself once it is', async () => {
    s.ris.setReady(false);
    const ws = await connect();
    await ws.waitFor((m) => m.type === 'status' && m.available === false);
    // The router and VRF were confirmed through GetRouters, so UNAVAILABLE can only mean "not ready": it says why.
    expect(ws.messages[0]?.reason).toContain('End-of-RIB');
    expect(ws.messages[0]?.reason).toContain('RIS_ALLOW_UNREADY_RIB');
    const observe = s.ris.requests.filter((r) => r.method === 'ObserveRIB').at(-1)?.request as { allow_unready_rib: boolean };
    expect(observe.allow_unready_rib).toBe(false);
    s.ris.setReady(true);
    const back = await ws.waitFor((m) => m.type === 'status' && m.available === true);
    await ws.waitFor((m) => m.type === 'end_of_rib', back);
  });

  it('reports a feed that goes away (ABORTED) and resumes with a fresh initial dump', async () => {
    const ws = await connect();
    const firstEor = await ws.waitFor((m) => m.type === 'end_of_rib');
    s.ris.dropFeed();
    const down = await ws.waitFor((m) => m.type === 'status' && m.available === false, firstEor);
    expect(ws.messages[down]?.reason).toMatch(/ABORTED|UNKNOWN|does not know/);
    s.ris.restoreFeed();
    const up = await ws.waitFor((m) => m.type === 'status' && m.available === true, down);
    expect(ws.messages[up + 1]).toMatchObject({ type: 'add', initial_dump: true });
    await ws.waitFor((m) => m.type === 'end_of_rib', up);
  });

  it('survives a daemon restart', async () => {
    const ws = await connect();
    const firstEor = await ws.waitFor((m) => m.type === 'end_of_rib');
    await s.ris.stop();
    const down = await ws.waitFor((m) => m.type === 'status' && m.available === false, firstEor);
    await s.ris.start();
    const up = await ws.waitFor((m) => m.type === 'status' && m.available === true, down);
    await ws.waitFor((m) => m.type === 'end_of_rib', up);
  });

  it('ends the daemon stream when the client leaves', async () => {
    const ws = await connect();
    await ws.waitFor((m) => m.type === 'end_of_rib');
    expect(s.ris.observerCount()).toBe(1);
    await ws.close();
    await vi.waitFor(() => expect(s.ris.observerCount()).toBe(0));
  });

  it('needs a token: refused without one, accepted as ?token=', async () => {
    const url = `${s.t.url.replace('http', 'ws')}/ws/rib?afi=ipv4`;
    await expect(openWs(url)).rejects.toThrow('HTTP 401');
    await expect(openWs(`${url}&token=not-a-token`)).rejects.toThrow('HTTP 401');
    const ws = await openWs(`${url}&token=${encodeURIComponent(s.token)}`);
    try {
      await ws.waitFor((m) => m.type === 'end_of_rib');
    } finally {
      await ws.close();
    }
  });

  it.each([
    ['router=192.0.2.99', 'router', '192.0.2.99'],
    ['vrf=65000:999', 'vrf', '65000:999'],
  ])('answers %s, which the daemon does not list, with an error message and a close instead of retrying', async (query, field, named) => {
    const ws = await connect(`afi=ipv4&${query}`);
    const at = await ws.waitFor((m) => m.type === 'error');
    expect(ws.messages[at]).toMatchObject({ type: 'error', afi: 'ipv4', field });
    expect(ws.messages[at]?.message).toContain(named);
    const closed = await ws.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toContain(named);
    expect(s.ris.observerCount()).toBe(0);
  });

  it('refuses a malformed VRF or family before upgrading', async () => {
    await expect(connect('vrf=blue')).rejects.toThrow('HTTP 400');
    await expect(connect('afi=ipv5')).rejects.toThrow('HTTP 400');
  });
});

describe('WS /ws/rib with RIS_ALLOW_UNREADY_RIB=true', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack({ env: { RIS_ALLOW_UNREADY_RIB: 'true' } });
  });
  afterAll(async () => s?.close());

  it('asks ObserveRIB with allow_unready_rib and streams the table before every neighbour has sent End-of-RIB', async () => {
    s.ris.setReady(false);
    const ws = await openWs(`${s.t.url.replace('http', 'ws')}/ws/rib?afi=ipv4`, { authorization: `Bearer ${s.token}` });
    try {
      await ws.waitFor((m) => m.type === 'end_of_rib');
      expect(ws.messages[0]).toMatchObject({ type: 'status', available: true });
      const observe = s.ris.requests.filter((r) => r.method === 'ObserveRIB').at(-1)?.request as { allow_unready_rib: boolean };
      expect(observe.allow_unready_rib).toBe(true);
    } finally {
      await ws.close();
    }
  });
});
