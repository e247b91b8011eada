import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DumpResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { type RibStack, startRibStack } from './rib-stack.js';

describe('routing-table gateway: streamed dump', () => {
  let s: RibStack;
  beforeAll(async () => {
    // The router's IPv4 dump streams 50,000 generated routes (1.0.0.0/24 upwards, origin AS 64512 + i % 1000).
    s = await startRibStack({ ris: { syntheticIpv4: 50_000 }, seed: false });
  });
  afterAll(async () => s?.close());

  const dump = async (query: string) => {
    const response = await s.get(`/api/rib/dump?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    return { response, body: (await response.json()) as DumpResponse };
  };

  it('streams a large table as one JSON document, chunked, to the end', async () => {
    const { response, body } = await dump('limit=2000000');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(body.source.available).toBe(true);
    expect(body.count).toBe(50_000);
    expect(body.routes).toHaveLength(50_000);
    expect(body.routes[0]?.pfx).toBe('1.0.0.0/24');
    expect(body.routes.at(-1)?.pfx).toBe('1.195.79.0/24');
    expect(body).toMatchObject({ afi: 'ipv4', limit: 2_000_000, limit_reached: false, complete: true, error: null });
  });

  it('stops at the limit, says so, and cancels the daemon stream', async () => {
    const cancelledBefore = s.ris.cancelledDumps;
    const { body } = await dump('limit=10');
    expect(body.count).toBe(10);
    expect(body.routes).toHaveLength(10);
    expect(body.limit_reached).toBe(true);
    await vi.waitFor(() => expect(s.ris.cancelledDumps).toBe(cancelledBefore + 1));
  });

  it('uses the documented default limit', async () => {
    const { body } = await dump('');
    expect(body.limit).toBe(10_000);
    expect(body.count).toBe(10_000);
    expect(body.limit_reached).toBe(true);
  });

  it('passes the origin AS filter (last ASN of the best path) to the daemon', async () => {
    const { body } = await dump('asn=64513&limit=100000');
    expect(body.count).toBe(50);
    expect(body.routes.every((r) => r.paths[0]?.bgp_path?.as_path[0]?.asns.at(-1) === 64513)).toBe(true);
    const request = s.ris.requests.filter((r) => r.method === 'DumpRIB').at(-1)?.request;
    expect(request).toMatchObject({ afisafi: 'IPv4Unicast', filter: { originating_asn: 64513, min_length: 0, max_length: 0 } });
  });

  it('cancels the daemon stream when the HTTP client hangs up', async () => {
    const cancelledBefore = s.ris.cancelledDumps;
    const controller = new AbortController();
    const response = await fetch(`${s.t.url}/api/rib/dump?limit=2000000`, {
      headers: { authorization: `Bearer ${s.token}` },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await vi.waitFor(() => expect(s.ris.cancelledDumps).toBe(cancelledBefore + 1));
  });

  it.each([
    ['afi=ipv5', 'afi'],
    ['asn=AS65001', 'asn'],
    ['asn=0', 'asn'],
    ['asn=4294967296', 'asn'],
    ['limit=0', 'limit'],
    ['limit=2000001', 'limit'],
    ['limit=ten', 'limit'],
    ['max_length=33', 'max_length'],
    ['afi=ipv6&max_length=129', 'max_length'],
    ['min_length=25&max_length=24', 'min_length'],
    ['router=edge1', 'router'],
    ['vrf=1:2:3', 'vrf'],
    ['colour=blue', 'colour'],
  ])('rejects %s with 400 naming %s, without asking the daemon', async (query, field) => {
    const before = s.ris.requests.length;
    const response = await s.get(`/api/rib/dump?${query}`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(field);
    expect(s.ris.requests.length).toBe(before);
  });
});

describe('routing-table gateway: dump filters on a stored table', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack();
  });
  afterAll(async () => s?.close());

  const pfxs = async (query: string) => {
    const response = await s.get(`/api/rib/dump?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as DumpResponse).routes.map((r) => r.pfx);
  };

  it('dumps each family with every path of every route', async () => {
    expect(await pfxs('afi=ipv4')).toEqual(['0.0.0.0/0', '198.51.0.0/16', '198.51.100.0/24', '198.51.100.128/25', '203.0.113.0/24']);
    expect(await pfxs('afi=ipv6')).toEqual(['2001:db8::/32', '2001:db8:1::/48', '2001:db8:1:2::/64']);
    const response = await s.get('/api/rib/dump?afi=ipv4&asn=64496');
    const body = (await response.json()) as DumpResponse;
    expect(body.routes.map((r) => r.paths.length)).toEqual([2]);
  });

  it('filters by origin AS and by prefix length (0 = no bound)', async () => {
    expect(await pfxs('asn=64500')).toEqual(['198.51.0.0/16', '203.0.113.0/24']);
    expect(await pfxs('min_length=24')).toEqual(['198.51.100.0/24', '198.51.100.128/25', '203.0.113.0/24']);
    expect(await pfxs('max_length=16')).toEqual(['0.0.0.0/0', '198.51.0.0/16']);
    expect(await pfxs('min_length=0&max_length=0')).toHaveLength(5);
    expect(await pfxs('afi=ipv6&min_length=48&asn=64499')).toEqual(['2001:db8:1:2::/64']);
  });

  it('dumps the VRF asked for', async () => {
    expect(await pfxs('vrf=65000:100')).toEqual(['192.0.2.0/24']);
  });
});
