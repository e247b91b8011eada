import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrefixResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { RECEIVE_LIMIT_BYTES } from '../../../src/service/features/rib/ris.client.js';
import { bgpPath, route } from '../../fixtures/ris-server/ris-routes.fixture.js';
import { type RibStack, startRibStack } from './rib-stack.js';

/** 60,000 /24s under 10.0.0.0/8: GetLonger of the /8 is one message of several MiB, past the gateway's limit. */
const SUBNETS = 60_000;

describe('routing-table gateway: more-specific routes of a large subtree, read with bounded work', () => {
  let s: RibStack;
  beforeAll(async () => {
    // A generous deadline: the stand-in daemon sorts and encodes 60,000 routes on a shared two-core machine.
    s = await startRibStack({ env: { RIS_TIMEOUT_MS: '20000' } });
    const path = bgpPath({ nextHop: '192.0.2.1', asPath: [65001, 64500] });
    s.ris.advertise(route('10.0.0.0/8', path));
    for (let i = 0; i < SUBNETS; i += 1) s.ris.advertise(route(`10.${i >> 8}.${i & 255}.0/24`, path));
  });
  afterAll(async () => s?.close());

  const lookup = async (prefix: string) => {
    const response = await s.get(`/api/rib/prefix?prefix=${prefix}`);
    expect(response.status).toBe(200);
    return (await response.json()) as PrefixResponse;
  };
  const methodsSince = (before: number) => s.ris.requests.slice(before).map((r) => r.method);

  it('refuses the oversized GetLonger answer and reads the first 1,000 routes from a cancelled stream', async () => {
    expect(RECEIVE_LIMIT_BYTES).toBeLessThan(SUBNETS * 60);
    const before = s.ris.requests.length;
    const cancelled = s.ris.cancelledDumps;
    const body = await lookup('10.0.0.0/8');
    expect(body.source).toMatchObject({ available: true, reason: null });
    expect(body.match?.pfx).toBe('10.0.0.0/8');
    expect(body.more_specifics).toHaveLength(1000);
    expect(body.more_specifics_truncated).toBe(true);
    expect(body.more_specifics.every((r) => r.pfx.startsWith('10.') && r.pfx.endsWith('/24'))).toBe(true);
    expect(methodsSince(before)).toEqual(['GetRouters', 'LPM', 'GetLonger', 'DumpRIB']);
    // The stream is cancelled once the 1,001st route inside is seen, not read to the end of the table.
    expect(s.ris.cancelledDumps).toBe(cancelled + 1);
  });

  it('keeps only the routes inside a query that is not itself in the table', async () => {
    const body = await lookup('10.0.0.0/20');
    expect(body.match?.pfx).toBe('10.0.0.0/8');
    expect(body.more_specifics.map((r) => r.pfx)).toEqual(Array.from({ length: 16 }, (_, i) => `10.0.${i}.0/24`));
    expect(body.more_specifics_truncated).toBe(false);
    expect(body.source.reason).toBeNull();
  });
});
