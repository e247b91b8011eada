import { describe, expect, it } from 'vitest';
import { communityText, renderRoute, renderRouter } from '../../../src/service/features/rib/rib.render.js';
import type { WirePath } from '../../../src/service/features/rib/ris.wire.js';
import { bgpPath, route, staticPath } from '../../fixtures/ris-server/ris-routes.fixture.js';

describe('RIB JSON rendering', () => {
  it("renders a BGP path with every attribute under the API's field names", () => {
    const path = bgpPath({
      nextHop: '2001:db8::1',
      asPath: [65001, 3356, 64500],
      asSet: [64501, 64502],
      localPref: 200,
      med: 50,
      origin: 2,
      communities: [4259905636],
      largeCommunities: [[65001, 1, 2]],
      unknown: [{ typeCode: 99, value: Buffer.from([0xde, 0xad, 0xbe, 0xef]) }],
      timeLearned: 1_700_000_000,
      onlyToCustomer: 64500,
      pathId: 7,
    });
    const json = renderRoute(route('2001:db8:1::/48', path));
    expect(json.pfx).toBe('2001:db8:1::/48');
    const [rendered] = json.paths;
    expect(rendered).toMatchObject({
      type: 'BGP',
      static_path: null,
      grp_path: null,
      hidden_reason: 'HiddenReasonNone',
      time_learned: 1_700_000_000,
      time_learned_iso: '2023-11-14T22:13:20.000Z',
    });
    expect(rendered?.bgp_path).toEqual({
      path_identifier: 7,
      next_hop: '2001:db8::1',
      local_pref: 200,
      as_path: [
        { as_sequence: true, asns: [65001, 3356, 64500] },
        { as_sequence: false, asns: [64501, 64502] },
      ],
      origin: 2,
      origin_name: 'Incomplete',
      med: 50,
      ebgp: true,
      bgp_identifier: 3221226010,
      source: '2001:db8::1',
      communities: [4259905636],
      communities_text: ['65001:100'],
      large_communities: [{ global_administrator: 65001, data_part1: 1, data_part2: 2 }],
      originator_id: 0,
      cluster_list: [],
      unknown_attributes: [{ optional: true, transitive: true, partial: false, type_code: 99, value: 'deadbeef' }],
      bmp_post_policy: false,
      only_to_customer: 64500,
    });
  });

  it('renders static and GRP paths, a zero time as null, and enum numbers newer than the .proto', () => {
    const grp: WirePath = {
      type: 1,
      static_path: null,
      bgp_path: null,
      hidden_reason: 9,
      time_learned: 0,
      grp_path: { next_hop: { higher: '0', lower: '3221225985', version: 'IPv4' }, meta_data: { vendor: 'x' } },
    };
    const json = renderRoute(route('0.0.0.0/0', staticPath('192.0.2.1'), grp));
    expect(json.pfx).toBe('0.0.0.0/0');
    expect(json.paths[0]).toMatchObject({ type: 'Static', static_path: { next_hop: '192.0.2.1' }, bgp_path: null, time_learned_iso: null });
    expect(json.paths[1]).toMatchObject({ type: 'BGP', hidden_reason: '9', grp_path: { next_hop: '192.0.2.1', meta_data: { vendor: 'x' } } });
  });

  it('writes standard communities as asn:value', () => {
    expect(communityText(4259905636)).toBe('65001:100');
    expect(communityText(0xffffff01)).toBe('65535:65281');
    expect(communityText(0)).toBe('0:0');
  });

  it('renders routers with vrf ids as decimal strings and as ASN:ID', () => {
    expect(renderRouter({ address: '192.0.2.10', sys_name: '', vrf_ids: ['0', '279172874240100'] })).toEqual({
      address: '192.0.2.10',
      sys_name: '',
      vrf_ids: ['0', '279172874240100'],
      vrfs: ['0:0', '65000:100'],
    });
  });
});
