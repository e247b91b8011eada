import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrefixResponse, RoutersResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { type RibStack, startRibStack } from './rib-stack.js';

describe('routing-table gateway: lookups against the RIS test server', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack();
  });
  afterAll(async () => s?.close());

  const lookup = async (query: string) => {
    const response = await s.get(`/api/rib/prefix?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as PrefixResponse;
  };

  it('answers the longest match, its covering routes least specific first, and its more-specifics', async () => {
    const body = await lookup('prefix=198.51.100.0/24');
    expect(body.source).toEqual({ available: true, reason: null, address: s.ris.address, router: '192.0.2.10', vrf: '0:0' });
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
    expect(body.more_specifics_truncated).toBe(false);
  });

  it('asks GetLonger with the matched prefix, not the query (which is not in the table)', async () => {
    const body = await lookup('prefix=198.51.100.7');
    expect(body.query).toBe('198.51.100.7/32');
    expect(body.match?.pfx).toBe('198.51.100.0/24');
    expect(body.more_specifics.map((r) => r.pfx)).toEqual(['198.51.100.128/25']);
    const longer = s.ris.requests.filter((r) => r.method === 'GetLonger').at(-1)?.request as { pfx: { length: number } };
    expect(longer.pfx.length).toBe(24);
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

  it('answers match null when nothing covers the prefix', async () => {
    const body = await lookup(`prefix=${encodeURIComponent('2001:db9::/32')}`);
    expect(body.source.available).toBe(true);
    expect(body.match).toBeNull();
    expect(body.less_specifics).toEqual([]);
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
    expect(((await response.json()) as { message: string }).message).toContain('192.0.2.99');
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
