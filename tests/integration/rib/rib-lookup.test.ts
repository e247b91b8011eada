import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bgpPath, route } from '../../fixtures/ris-server/ris-routes.fixture.js';
import type { PrefixResponse, RoutersResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { type RibStack, startRibStack } from './rib-stack.js';

describe('routing-table gateway: lookups against the RIS test server', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack();
    await s.tableReady();
  });
  afterAll(async () => s?.close());

  const lookup = async (query: string) => {
    const response = await s.get(`/api/rib/prefix?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as PrefixResponse;
  };

  it('answers the longest match, its covering routes least specific first, and its more-specifics', async () => {
    const body = await lookup('prefix=198.51.100.0/24');
    expect(body.source).toEqual({
      available: true,
      reason: null,
      address: s.ris.address,
      router: '192.0.2.10',
      vrf: '0:0',
      table: { ready: true, routes: 5, detail: null },
    });
    expect(body.query).toBe('198.51.100.0/24');
    expect(body.match?.pfx).toBe('198.51.100.0/24');
    expect(body.match?.paths).toHaveLength(2);
    expect(body.match?.paths[0]?.bgp_path).toMatchObject({
      next_hop: '192.0.2.1',
      as_path: [{ as_sequence: true, asns: [65001, 3356, 64496] }],
      communities: [4259905636],
      communities_text: ['65001:100'],
    });
    expect(body.less_specifics.map((r) => r.pfx)).toEqual(['0.0.0.0/0', '198.51.0.0/16']);
    expect(body.less_specifics[0]?.paths[0]).toMatchObject({ type: 'Static', static_path: { next_hop: '192.0.2.254' }, bgp_path: null });
    expect(body.more_specifics.map((r) => r.pfx)).toEqual(['198.51.100.128/25']);
    expect(body.more_specifics_count).toBe(1);
    expect(body.more_specifics_truncated).toBe(false);
  });

  it('answers from its own copy of the table, without asking the daemon, once it holds the whole table', async () => {
    const before = s.ris.requests.length;
    const host = await lookup('prefix=198.51.100.7');
    expect(host.query).toBe('198.51.100.7/32');
    expect(host.match?.pfx).toBe('198.51.100.0/24');
    expect(host).toMatchObject({ more_specifics: [], more_specifics_count: 0, more_specifics_truncated: false });

    // 198.51.100.0/23 is not in the table: covered by the /16, with two routes inside.
    const wider = await lookup('prefix=198.51.100.0/23');
    expect(wider.match?.pfx).toBe('198.51.0.0/16');
    expect(wider.more_specifics.map((r) => r.pfx)).toEqual(['198.51.100.0/24', '198.51.100.128/25']);
    expect(wider.more_specifics_count).toBe(2);
    // Nothing but, at most, GetRouters to confirm the default router.
    expect(s.ris.requests.slice(before).filter((r) => r.method !== 'GetRouters')).toEqual([]);
  });

  it('counts what lies inside a prefix that only the default route covers, and inside one nothing covers', async () => {
    const body = await lookup('prefix=203.0.0.0/16');
    expect(body.match?.pfx).toBe('0.0.0.0/0');
    expect(body.more_specifics.map((r) => r.pfx)).toEqual(['203.0.113.0/24']);
    expect(body.more_specifics_count).toBe(1);
    const empty = await lookup('prefix=192.0.2.0/24');
    expect(empty.match?.pfx).toBe('0.0.0.0/0');
    expect(empty).toMatchObject({ more_specifics: [], more_specifics_count: 0, more_specifics_truncated: false });
    const uncovered = await lookup(`prefix=${encodeURIComponent('2001:db9::/32')}`);
    expect(uncovered).toMatchObject({ match: null, more_specifics: [], more_specifics_count: 0, more_specifics_truncated: false });
    const all = await lookup(`prefix=${encodeURIComponent('::/0')}`);
    expect(all.match).toBeNull();
    expect(all.more_specifics.map((r) => r.pfx)).toEqual(['2001:db8::/32', '2001:db8:1::/48', '2001:db8:1:2::/64']);
  });

  it('lists at most `limit` more-specifics, in address order, and counts them all', async () => {
    const body = await lookup('prefix=0.0.0.0/0&limit=2');
    expect(body.match?.pfx).toBe('0.0.0.0/0');
    expect(body.more_specifics.map((r) => r.pfx)).toEqual(['198.51.0.0/16', '198.51.100.0/24']);
    expect(body.more_specifics_count).toBe(4);
    expect(body.more_specifics_truncated).toBe(true);
  });

  it('follows live changes of the table', async () => {
    const added = route('198.51.100.64/26', bgpPath({ nextHop: '192.0.2.1', asPath: [65001, 64499] }));
    s.ris.advertise(added);
    try {
      await vi.waitFor(async () => expect((await lookup('prefix=198.51.100.0/24')).more_specifics_count).toBe(2));
      expect((await lookup('prefix=198.51.100.64/26')).match?.paths[0]?.bgp_path?.as_path[0]?.asns).toEqual([65001, 64499]);
    } finally {
      s.ris.withdraw(added);
    }
    await vi.waitFor(async () => expect((await lookup('prefix=198.51.100.0/24')).more_specifics_count).toBe(1));
  });

  it('looks up IPv6 in the IPv6 table', async () => {
    const body = await lookup(`prefix=${encodeURIComponent('2001:db8:1:2:3::/80')}`);
    expect(body.match?.pfx).toBe('2001:db8:1:2::/64');
    expect(body.match?.paths[0]?.bgp_path?.next_hop).toBe('2001:db8::1');
    expect(body.less_specifics.map((r) => r.pfx)).toEqual(['2001:db8::/32', '2001:db8:1::/48']);
    expect(body.more_specifics).toEqual([]);
    const wide = await lookup(`prefix=${encodeURIComponent('2001:db8::/32')}`);
    expect(wide.more_specifics.map((r) => r.pfx)).toEqual(['2001:db8:1::/48', '2001:db8:1:2::/64']);
  });

  it('asks the VRF the caller names', async () => {
    const inGlobal = await lookup('prefix=192.0.2.0/24');
    expect(inGlobal.match?.pfx).toBe('0.0.0.0/0');
    const inVrf = await lookup('prefix=192.0.2.0/24&vrf=65000:100');
    expect(inVrf.source.vrf).toBe('65000:100');
    expect(inVrf.match?.pfx).toBe('192.0.2.0/24');
  });

  it('answers 404 naming the router when the daemon does not know the one asked for', async () => {
    const response = await s.get('/api/rib/prefix?prefix=198.51.100.0/24&router=192.0.2.99');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { message: string; details: { field: string } };
    expect(body.message).toContain('192.0.2.99');
    expect(body.details.field).toBe('router');
  });

  it('answers 404 naming the VRF when the router exists but has no such VRF', async () => {
    const response = await s.get('/api/rib/prefix?prefix=198.51.100.0/24&vrf=65000:999');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { message: string; details: { field: string } };
    expect(body.message).toContain('65000:999');
    expect(body.message).toContain('65000:100');
    expect(body.details.field).toBe('vrf');
  });

  it('lists the routers with their VRFs', async () => {
    const response = await s.get('/api/rib/routers');
    expect(response.status).toBe(200);
    const body = (await response.json()) as RoutersResponse;
    expect(body.source.available).toBe(true);
    expect(body.routers).toEqual([{ address: '192.0.2.10', sys_name: 'edge1', vrf_ids: ['0', '279172874240100'], vrfs: ['0:0', '65000:100'] }]);
  });

  it.each([
    ['prefix=198.51.100.1/24', 'prefix'],
    ['prefix=198.51.100.0/33', 'prefix'],
    ['prefix=not-a-prefix', 'prefix'],
    ['prefix=', 'prefix'],
    ['', 'prefix'],
    ['prefix=198.51.100.0/24&router=edge1', 'router'],
    ['prefix=198.51.100.0/24&vrf=blue', 'vrf'],
    ['prefix=198.51.100.0/24&limit=1001', 'limit'],
    ['prefix=198.51.100.0/24&limit=-1', 'limit'],
  ])('rejects %s with 400 naming %s, without asking the daemon', async (query, field) => {
    const before = s.ris.requests.length;
    const response = await s.get(`/api/rib/prefix?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(field);
    expect(s.ris.requests.length).toBe(before);
  });

  it('requires a token on every RIB endpoint', async () => {
    for (const path of ['/api/rib/prefix?prefix=198.51.100.0/24', '/api/rib/routers', '/api/rib/dump']) {
      expect((await s.get(path, false)).status).toBe(401);
    }
  });
});
