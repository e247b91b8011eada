import { join } from 'node:path';
import { loadSync } from '@grpc/proto-loader';
import { describe, expect, it } from 'vitest';
import { findAppRoot } from '../../../src/service/app-paths.js';
import { loadRisDefinitions, RIS_LOAD_OPTIONS } from '../../../src/service/features/rib/ris.proto-loader.js';

/** The .proto files pinned to the daemon's field numbers and enum values (docs/routing-daemon.md): it only understands exact numbers. */
const protoDir = join(findAppRoot(), 'proto');
const definition = loadSync(join(protoDir, 'bio', 'ris', 'ris.proto'), { ...RIS_LOAD_OPTIONS, includeDirs: [protoDir] });

interface FieldDescriptor {
  name: string;
  number: number;
  type: string;
  label: string;
  typeName?: string;
}
interface MessageDescriptor {
  field: FieldDescriptor[];
  enumType: Array<{ name: string; value: Array<{ name: string; number: number }> }>;
}

function fields(message: string): Record<string, number> {
  const type = (definition[message] as { type: MessageDescriptor } | undefined)?.type;
  if (!type) throw new Error(`no message ${message}`);
  return Object.fromEntries(type.field.map((f) => [f.name, f.number]));
}

function enumValues(message: string, enumName: string): Record<string, number> {
  const type = (definition[message] as { type: MessageDescriptor }).type;
  const found = type.enumType.find((e) => e.name === enumName);
  return Object.fromEntries((found?.value ?? []).map((v) => [v.name, v.number]));
}

describe("proto files match the daemon's messages", () => {
  it('bio.net', () => {
    expect(fields('bio.net.IP')).toEqual({ higher: 1, lower: 2, version: 3 });
    expect(enumValues('bio.net.IP', 'Version')).toEqual({ IPv4: 0, IPv6: 1 });
    expect(fields('bio.net.Prefix')).toEqual({ address: 1, length: 2 });
  });

  it('bio.route', () => {
    expect(fields('bio.route.Route')).toEqual({ pfx: 1, paths: 2 });
    expect(fields('bio.route.Path')).toEqual({ type: 1, static_path: 2, bgp_path: 3, hidden_reason: 4, time_learned: 5, grp_path: 6 });
    expect(enumValues('bio.route.Path', 'Type')).toEqual({ Static: 0, BGP: 1 });
    expect(enumValues('bio.route.Path', 'HiddenReason')).toEqual({
      HiddenReasonNone: 0,
      HiddenReasonNextHopUnreachable: 1,
      HiddenReasonFilteredByPolicy: 2,
      HiddenReasonASLoop: 3,
      HiddenReasonOurOriginatorID: 4,
      HiddenReasonClusterLoop: 5,
      HiddenReasonOTCMismatch: 6,
    });
    expect(fields('bio.route.StaticPath')).toEqual({ next_hop: 1 });
    expect(fields('bio.route.GRPPath')).toEqual({ next_hop: 1, meta_data: 2 });
    expect(fields('bio.route.BGPPath')).toEqual({
      path_identifier: 1,
      next_hop: 2,
      local_pref: 3,
      as_path: 4,
      origin: 5,
      med: 6,
      ebgp: 7,
      bgp_identifier: 8,
      source: 9,
      communities: 10,
      large_communities: 11,
      originator_id: 12,
      cluster_list: 13,
      unknown_attributes: 14,
      bmp_post_policy: 15,
      only_to_customer: 16,
    });
    expect(fields('bio.route.ASPathSegment')).toEqual({ as_sequence: 1, asns: 2 });
    expect(fields('bio.route.LargeCommunity')).toEqual({ global_administrator: 1, data_part1: 2, data_part2: 3 });
    expect(fields('bio.route.UnknownPathAttribute')).toEqual({ optional: 1, transitive: 2, partial: 3, type_code: 4, value: 5 });
  });

  it('bio.ris messages', () => {
    const prefixRequest = { router: 1, vrf_id: 2, pfx: 3, vrf: 4 };
    expect(fields('bio.ris.LPMRequest')).toEqual(prefixRequest);
    expect(fields('bio.ris.GetRequest')).toEqual(prefixRequest);
    expect(fields('bio.ris.GetLongerRequest')).toEqual(prefixRequest);
    for (const response of ['LPMResponse', 'GetResponse', 'GetLongerResponse']) expect(fields(`bio.ris.${response}`)).toEqual({ routes: 1 });
    expect(fields('bio.ris.ObserveRIBRequest')).toEqual({ router: 1, vrf_id: 2, afisafi: 3, vrf: 4, allow_unready_rib: 5 });
    expect(fields('bio.ris.DumpRIBRequest')).toEqual({ router: 1, vrf_id: 2, afisafi: 3, vrf: 4, filter: 5 });
    expect(enumValues('bio.ris.ObserveRIBRequest', 'AFISAFI')).toEqual({ IPv4Unicast: 0, IPv6Unicast: 1 });
    expect(enumValues('bio.ris.DumpRIBRequest', 'AFISAFI')).toEqual({ IPv4Unicast: 0, IPv6Unicast: 1 });
    expect(fields('bio.ris.RIBFilter')).toEqual({ originating_asn: 1, min_length: 2, max_length: 3 });
    expect(fields('bio.ris.RIBUpdate')).toEqual({ advertisement: 1, route: 2, is_initial_dump: 3, end_of_rib: 4 });
    expect(fields('bio.ris.DumpRIBReply')).toEqual({ route: 1 });
    expect(fields('bio.ris.Router')).toEqual({ sys_name: 1, vrf_ids: 2, address: 3 });
    expect(fields('bio.ris.GetRoutersResponse')).toEqual({ routers: 1 });
    expect(fields('bio.ris.GetRoutersRequest')).toEqual({});
  });

  it('the service has the six RPCs with the right streaming shape', () => {
    const { service } = loadRisDefinitions(findAppRoot());
    const shape = Object.fromEntries(Object.entries(service).map(([name, m]) => [name, [m.path, m.requestStream, m.responseStream]]));
    expect(shape).toEqual({
      LPM: ['/bio.ris.RoutingInformationService/LPM', false, false],
      Get: ['/bio.ris.RoutingInformationService/Get', false, false],
      GetRouters: ['/bio.ris.RoutingInformationService/GetRouters', false, false],
      GetLonger: ['/bio.ris.RoutingInformationService/GetLonger', false, false],
      ObserveRIB: ['/bio.ris.RoutingInformationService/ObserveRIB', false, true],
      DumpRIB: ['/bio.ris.RoutingInformationService/DumpRIB', false, true],
    });
  });

  it('serializes uint64 from decimal strings without losing precision', () => {
    const { service } = loadRisDefinitions(findAppRoot());
    const method = service.LPM;
    const request = {
      router: '192.0.2.10',
      vrf_id: '18446744073709551615',
      vrf: '',
      pfx: { address: { higher: '2306139568115548160', lower: '1', version: 'IPv6' }, length: 128 },
    };
    const decoded = method.requestDeserialize(method.requestSerialize(request)) as typeof request;
    expect(decoded).toEqual(request);
  });
});
