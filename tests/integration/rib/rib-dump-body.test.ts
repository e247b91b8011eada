import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findAppRoot } from '../../../src/service/app-paths.js';
import { parseAddress, toWireIp } from '../../../src/service/features/rib/ip.codec.js';
import { BATCH_CHARS } from '../../../src/service/features/rib/rib.dump-body.js';
import { renderRoute } from '../../../src/service/features/rib/rib.render.js';
import { loadRisDefinitions } from '../../../src/service/features/rib/ris.proto-loader.js';
import type { DumpRIBReply, WirePath, WireRoute } from '../../../src/service/features/rib/ris.wire.js';
import type { DumpResponse, SourceStatus } from '../../../src/shared/api/rib/rib.schemas.js';
import { createPrng } from '../../../scripts/seed-builder/prng.js';
import { bgpPath, route, staticPath } from '../../fixtures/ris-server/ris-routes.fixture.js';
import { type RibStack, startRibStack } from './rib-stack.js';

const dump = loadRisDefinitions(findAppRoot()).service.DumpRIB as unknown as {
  responseSerialize(reply: DumpRIBReply): Buffer;
  responseDeserialize(bytes: Buffer): DumpRIBReply;
};

/** A route with every kind of path and attribute the dump writes, values drawn from the whole uint32 range. */
function everyKindRoute(i: number, v6: boolean, next: () => number): WireRoute {
  const int = (max: number) => Math.floor(next() * max);
  const hop = () => (v6 ? `2001:db8:${int(3) === 0 ? '0:0' : int(0xffff).toString(16)}::${int(0xffff).toString(16)}` : `198.51.${int(256)}.${int(256)}`);
  const prefix = v6 ? `2001:db8:${i.toString(16)}::/48` : `10.${i >> 8}.${i & 255}.0/24`;
  const paths: WirePath[] = [];
  for (let p = 0; p <= i % 3; p += 1) {
    const kind = (i + p) % 4;
    if (kind === 0) {
      paths.push(staticPath(hop()));
      continue;
    }
    if (kind === 1) {
      paths.push({
        type: 'BGP',
        static_path: null,
        bgp_path: null,
        hidden_reason: 'HiddenReasonNone',
        time_learned: int(2) * (1 + int(4_294_967_294)),
        grp_path: { next_hop: toWireIp(parseAddress(hop())), meta_data: { role: 'edge', '1': `n"${i}`, site: int(2) === 0 ? 'fra\n1' : 'ams' } },
      });
      continue;
    }
    const bgp = bgpPath({
      nextHop: hop(),
      source: hop(),
      asPath: Array.from({ length: int(6) }, () => 1 + int(4_294_967_294)),
      ...(next() < 0.3 ? { asSet: [64500 + int(20), 4_200_000_000 + int(20)] } : {}),
      localPref: int(4_294_967_296),
      med: int(2) * int(4_294_967_296),
      origin: next() < 0.1 ? 7 : int(3),
      communities: Array.from({ length: int(5) }, () => int(4_294_967_296)),
      largeCommunities: Array.from({ length: int(3) }, () => [int(4_294_967_296), int(100), int(4_294_967_296)] as [number, number, number]),
      unknown: Array.from({ length: int(3) }, () => ({
        typeCode: int(256),
        value: Buffer.from(Array.from({ length: int(5) }, () => int(256))),
        optional: next() < 0.5,
      })),
      timeLearned: int(4_294_967_296),
      hiddenReason: next() < 0.2 ? 'HiddenReasonOTCMismatch' : next() < 0.1 ? 42 : 'HiddenReasonNone',
      pathId: int(4_294_967_296),
      ebgp: next() < 0.5,
      onlyToCustomer: int(2) * int(4_294_967_296),
    });
    const attributes = bgp.bgp_path as NonNullable<WirePath['bgp_path']>;
    paths.push({
      ...bgp,
      type: kind === 3 ? 'BGP' : 9,
      bgp_path: {
        ...attributes,
        cluster_list: Array.from({ length: int(3) }, () => int(4_294_967_296)),
        originator_id: int(4_294_967_296),
        bmp_post_policy: next() < 0.5,
      },
    });
  }
  return route(prefix, ...paths);
}

/** The document the dump must write: each route as the client decodes it, rendered by the general renderer. */
function expectedDocument(source: SourceStatus, afi: string, limit: number, routes: WireRoute[]): string {
  const texts = routes.map((r) => JSON.stringify(renderRoute(dump.responseDeserialize(dump.responseSerialize({ route: r })).route as WireRoute)));
  return (
    `{"source":${JSON.stringify(source)},"afi":"${afi}","limit":${limit},"routes":[${texts.join(',')}],` +
    `"count":${routes.length},"limit_reached":false,"complete":true,"error":null}`
  );
}

/** Where two texts first differ, with a little context, so a failure names the place instead of printing megabytes. */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i += 1;
  return `at ${i} of ${expected.length}: ${JSON.stringify(actual.slice(i - 40, i + 40))} instead of ${JSON.stringify(expected.slice(i - 40, i + 40))}`;
}

describe('routing-table gateway: the dump document', () => {
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack({ seed: false });
    const next = createPrng(41).next;
    for (let i = 0; i < 1500; i += 1) {
      s.ris.advertise(everyKindRoute(i, false, next));
      s.ris.advertise(everyKindRoute(i, true, next));
    }
  });
  afterAll(async () => s?.close());

  it.each(['ipv4', 'ipv6'] as const)('writes every route as the general renderer does (%s, every path attribute kind, across many batches)', async (afi) => {
    const response = await s.get(`/api/rib/dump?afi=${afi}&limit=100000`);
    expect(response.status).toBe(200);
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    const body = JSON.parse(text) as DumpResponse;
    expect(body.count).toBe(1500);
    const table = [...s.ris.table(afi === 'ipv4' ? 4 : 6).dump(null)];
    expect(firstDifference(text, expectedDocument(body.source, afi, 100000, table))).toBeNull();
    expect(text.length).toBeGreaterThan(4 * BATCH_CHARS);
  });

  it('answers HEAD without reading the table, and cancels the daemon stream', async () => {
    const cancelledBefore = s.ris.cancelledDumps;
    const response = await fetch(`${s.t.url}/api/rib/dump?limit=100000`, { method: 'HEAD', headers: { authorization: `Bearer ${s.token}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    await vi.waitFor(() => expect(s.ris.cancelledDumps).toBe(cancelledBefore + 1));
  });
});

describe('routing-table gateway: a slow dump reader', () => {
  const TABLE = 120_000;
  let s: RibStack;
  beforeAll(async () => {
    s = await startRibStack({ ris: { syntheticIpv4: TABLE }, seed: false });
  });
  afterAll(async () => s?.close());

  it('makes the gateway stop reading the daemon with a bounded amount buffered, and the dump completes once it reads on', async () => {
    let served: ServerResponse | undefined;
    s.t.service.http.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith('/api/rib/dump')) served = res;
    });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(`${s.t.url}/api/rib/dump?limit=${TABLE}`, { headers: { authorization: `Bearer ${s.token}` }, agent: false }, resolve);
      req.on('error', reject);
      req.end();
    });
    expect(response.statusCode).toBe(200);
    // Read one chunk, then stop reading.
    await new Promise<void>((resolve) => {
      response.once('data', () => {
        response.pause();
        resolve();
      });
    });
    // Wait until the daemon has not been asked for more routes over several looks: the gateway has stopped reading.
    let last = -1;
    let still = 0;
    let mostQueued = 0;
    await vi.waitFor(
      () => {
        mostQueued = Math.max(mostQueued, served?.writableLength ?? 0);
        const sent = s.ris.dumpRoutesSent;
        still = sent === last ? still + 1 : 0;
        last = sent;
        expect(still).toBeGreaterThanOrEqual(5);
      },
      { timeout: 30_000, interval: 200 },
    );
    // Bytes the gateway handed its socket and the socket has not written: at most two batches (and their framing).
    expect(mostQueued).toBeLessThanOrEqual(2 * (BATCH_CHARS + 16));
    const stalledAt = s.ris.dumpRoutesSent;

    // The reader took one chunk, so what the daemon had sent is what sat in the gateway and in the kernel buffers of
    // the two loopback sockets (a few MB, some thousand routes of about 700 bytes); a gateway that buffered would
    // have read the whole table.
    expect(stalledAt).toBeLessThan(TABLE / 4);

    let tail = '';
    response.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('latin1')).slice(-200);
    });
    response.resume();
    await new Promise((resolve) => response.once('end', resolve));
    expect(tail).toMatch(new RegExp(`"count":${TABLE},"limit_reached":false,"complete":true,"error":null}$`));
  });
});
