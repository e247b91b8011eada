import { describe, expect, it } from 'vitest';
import { createRouteJsonWriter } from '../../../src/service/features/rib/rib.render-json.js';
import { renderRoute } from '../../../src/service/features/rib/rib.render.js';
import type { WirePath, WireRoute } from '../../../src/service/features/rib/ris.wire.js';
import { bgpPath, route, staticPath, syntheticIpv4Routes } from '../../fixtures/ris-server/ris-routes.fixture.js';
import { createPrng } from '../../../scripts/seed-builder/prng.js';

/** The dump's text writer must produce exactly the bytes of the general renderer it replaces on the hot path. */
const reference = (r: WireRoute) => JSON.stringify(renderRoute(r));

function variedRoute(next: () => number): WireRoute {
  const int = (max: number) => Math.floor(next() * max);
  const v6 = next() < 0.4;
  const prefix = v6 ? `2001:db8:${int(0xffff).toString(16)}::/48` : `${1 + int(222)}.${int(256)}.${int(256)}.0/24`;
  const hops = Array.from({ length: int(6) }, () => 1 + int(4_294_967_294));
  const paths: WirePath[] = [];
  for (let p = 0; p <= int(3); p += 1) {
    if (next() < 0.15) {
      paths.push(staticPath(v6 ? '2001:db8::1' : '192.0.2.1'));
      continue;
    }
    paths.push(
      bgpPath({
        nextHop: v6 ? `2001:db8:0:${int(0xffff).toString(16)}::${int(0xffff).toString(16)}` : `198.51.100.${int(256)}`,
        asPath: hops,
        ...(next() < 0.2 ? { asSet: [64500 + int(20), 64600 + int(20)] } : {}),
        localPref: int(1000),
        med: next() < 0.5 ? 0 : int(100_000),
        origin: next() < 0.1 ? 7 : int(3),
        communities: Array.from({ length: int(5) }, () => int(4_294_967_296)),
        largeCommunities: Array.from({ length: int(3) }, () => [int(4_294_967_296), int(100), int(4_294_967_296)] as [number, number, number]),
        ...(next() < 0.1 ? { unknown: [{ typeCode: int(256), value: Buffer.from([int(256), int(256), 0]) }] } : {}),
        timeLearned: next() < 0.1 ? 0 : 1_600_000_000 + int(200_000_000),
        hiddenReason: next() < 0.1 ? 12 : next() < 0.2 ? 'HiddenReasonASLoop' : 'HiddenReasonNone',
        pathId: int(10),
        ebgp: next() < 0.5,
        onlyToCustomer: next() < 0.8 ? 0 : int(65536),
      }),
    );
  }
  return route(prefix, ...paths);
}

describe('RIB dump text writer', () => {
  it('writes the same bytes as the general renderer for 3,000 varied IPv4 and IPv6 routes', () => {
    const writer = createRouteJsonWriter();
    const next = createPrng(17).next;
    for (let i = 0; i < 3000; i += 1) {
      const r = variedRoute(next);
      expect(writer.write(r), `route ${i}`).toBe(reference(r));
    }
    expect(writer.fallbacks).toBe(0);
  });

  it('writes the same bytes for the benchmark table (repeated learn times share one cached ISO text)', () => {
    const writer = createRouteJsonWriter();
    for (const r of syntheticIpv4Routes(2000)) expect(writer.write(r)).toBe(reference(r));
    expect(writer.fallbacks).toBe(0);
  });

  it('writes the same bytes for paths and prefixes with missing or unusual attributes', () => {
    const full = bgpPath({ nextHop: '192.0.2.1', asPath: [65001, 64500], communities: [4259905636], largeCommunities: [[65001, 1, 2]] });
    const bgp = full.bgp_path as NonNullable<WirePath['bgp_path']>;
    const grp: WirePath = {
      type: 7,
      static_path: null,
      bgp_path: null,
      hidden_reason: 'HiddenReasonSomethingNew' as WirePath['hidden_reason'],
      time_learned: 0,
      grp_path: { next_hop: null, meta_data: { '2': 'b', vendor: 'quote " and \\ backslash', '1': 'a' } },
    };
    const cases: WireRoute[] = [
      { pfx: null, paths: [] },
      { pfx: { address: null as never, length: 8 }, paths: [full] },
      route('0.0.0.0/0', staticPath('192.0.2.1'), grp),
      route('::/0', { ...full, bgp_path: { ...bgp, next_hop: null, source: null } }),
      route('255.255.255.255/32', { ...full, bgp_path: { ...bgp, as_path: [], communities: [], large_communities: [] } }),
      // IPv4 with a value wider than 32 bits on the wire: the codec keeps the low 32 bits.
      { pfx: { address: { higher: '0', lower: '18446744073709551615', version: 'IPv4' }, length: 32 }, paths: [] },
      { pfx: { address: { higher: '0', lower: '3221225985', version: 1 as never }, length: 128 }, paths: [] },
      // Values a decoded message never has: the writer leaves its fast path and still matches.
      route('192.0.2.0/24', { ...full, bgp_path: { ...bgp, med: undefined as never, local_pref: Number.NaN } }),
      route('192.0.2.0/24', { ...full, time_learned: '1700000000' as never }),
      route('192.0.2.0/24', { ...full, bgp_path: { ...bgp, as_path: [{ as_sequence: undefined as never, asns: [1, undefined as never] }] } }),
      { pfx: { address: { higher: '0', lower: '1', version: 'IPv4' }, length: undefined as never }, paths: [] },
    ];
    const writer = createRouteJsonWriter();
    for (const [i, r] of cases.entries()) expect(writer.write(r), `case ${i}`).toBe(reference(r));
    // The first seven are decoded-message shapes (the fast path); the last four are not.
    expect(writer.fallbacks).toBe(4);
  });

  it('fails like the general renderer on a message it cannot render at all', () => {
    const broken = { pfx: null, paths: [{ ...staticPath('192.0.2.1'), time_learned: 1e20 }] } as WireRoute;
    expect(() => reference(broken)).toThrow(RangeError);
    expect(() => createRouteJsonWriter().write(broken)).toThrow(RangeError);
  });
});
