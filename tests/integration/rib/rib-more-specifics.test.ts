import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrefixResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { bgpPath, route } from '../../fixtures/ris-server/ris-routes.fixture.js';
import { type RibStack, startRibStack } from './rib-stack.js';

/** Subtrees large enough to pass the listing limit, small enough to build in a test: the kinds of prefix that matter. */
const V4_SUBNETS = 2000;
const V6_SUBNETS = 300;

describe('routing-table gateway: more-specific routes of every kind of prefix, counted exactly', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack({ seed: false });
    const path = bgpPath({ nextHop: '192.0.2.1', asPath: [65001, 64500] });
    const path6 = bgpPath({ nextHop: '2001:db8::1', asPath: [65001, 64500] });
    s.ris.advertise(route('10.0.0.0/8', path));
    for (let i = 0; i < V4_SUBNETS; i += 1) s.ris.advertise(route(`10.${i >> 8}.${i & 255}.0/24`, path));
    s.ris.advertise(route('10.0.0.0/16', path));
    s.ris.advertise(route('172.16.0.0/12', path));
    for (let i = 0; i < V6_SUBNETS; i += 1) s.ris.advertise(route(`2001:db8:${i.toString(16)}::/48`, path6));
    await s.tableReady();
  });
  afterAll(async () => s?.close());

  const lookup = async (prefix: string, extra = '') => {
    const response = await s.get(`/api/rib/prefix?prefix=${encodeURIComponent(prefix)}${extra}`);
    expect(response.status).toBe(200);
    return (await response.json()) as PrefixResponse;
  };

  it.each([
    // [prefix, match, count]: exact, absent inside an aggregate, covered by nothing, short with every route inside.
    ['10.0.0.0/8', '10.0.0.0/8', V4_SUBNETS + 1],
    ['10.0.0.0/16', '10.0.0.0/16', 256],
    ['10.0.0.0/20', '10.0.0.0/16', 16],
    ['10.7.0.0/16', '10.0.0.0/8', V4_SUBNETS - 7 * 256],
    ['10.200.0.0/16', '10.0.0.0/8', 0],
    ['11.0.0.0/8', null, 0],
    ['0.0.0.0/0', null, V4_SUBNETS + 3],
    ['0.0.0.0/1', null, V4_SUBNETS + 2],
    ['2001:db8::/32', null, V6_SUBNETS],
    ['2001:db8:100::/40', null, V6_SUBNETS - 256],
    ['2001:db8:1::/48', '2001:db8:1::/48', 0],
    ['::/0', null, V6_SUBNETS],
  ])('%s: match %s, %i routes inside', async (prefix, match, count) => {
    const body = await lookup(prefix);
    expect(body.source).toMatchObject({ available: true, reason: null, table: { ready: true } });
    expect(body.match?.pfx ?? null).toBe(match);
    expect(body.more_specifics_count).toBe(count);
    expect(body.more_specifics).toHaveLength(Math.min(count, 100));
    expect(body.more_specifics_truncated).toBe(count > 100);
  });

  it('lists the first routes inside in address order, up to the limit asked', async () => {
    const body = await lookup('10.0.0.0/8', '&limit=1000');
    expect(body.more_specifics).toHaveLength(1000);
    expect(body.more_specifics.slice(0, 3).map((r) => r.pfx)).toEqual(['10.0.0.0/16', '10.0.0.0/24', '10.0.1.0/24']);
    expect((await lookup('10.0.0.0/8', '&limit=0')).more_specifics).toEqual([]);
  });

  it('never asks the daemon for a table-sized answer', async () => {
    const before = s.ris.requests.length;
    await lookup('0.0.0.0/0');
    await lookup('10.0.0.0/8');
    expect(s.ris.requests.slice(before).map((r) => r.method)).not.toEqual(expect.arrayContaining(['GetLonger']));
    expect(s.ris.requests.slice(before).map((r) => r.method)).not.toEqual(expect.arrayContaining(['DumpRIB']));
  });
});
