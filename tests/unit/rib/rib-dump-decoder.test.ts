import { describe, expect, it } from 'vitest';
import { findAppRoot } from '../../../src/service/app-paths.js';
import { createDumpReplyWriter, type DumpReplyWriter } from '../../../src/service/features/rib/rib.dump-decoder.js';
import { JsonBytes } from '../../../src/service/features/rib/rib.json-bytes.js';
import { renderRoute } from '../../../src/service/features/rib/rib.render.js';
import { loadRisDefinitions } from '../../../src/service/features/rib/ris.proto-loader.js';
import type { DumpRIBReply, WirePath, WireRoute } from '../../../src/service/features/rib/ris.wire.js';
import { bgpPath, route, staticPath, syntheticIpv4Routes } from '../../fixtures/ris-server/ris-routes.fixture.js';
import { createPrng } from '../../../scripts/seed-builder/prng.js';

/** The dump reads each reply's bytes itself; the reference is the client's decoding followed by the general renderer. */
const dump = loadRisDefinitions(findAppRoot()).service.DumpRIB as unknown as {
  responseSerialize(reply: DumpRIBReply): Buffer;
  responseDeserialize(bytes: Buffer): DumpRIBReply;
};
const encode = (r: WireRoute | null) => dump.responseSerialize({ route: r });
const decode = (bytes: Buffer) => dump.responseDeserialize(bytes);
const reference = (bytes: Buffer) => {
  const reply = decode(bytes);
  return reply.route ? JSON.stringify(renderRoute(reply.route)) : null;
};

/** The dump's byte writer with its text read back (null: no route); a small buffer, so growing it is exercised too. */
function createWriter(): { writeReply(bytes: Buffer): string | null; readonly fallbacks: number } {
  const writer: DumpReplyWriter = createDumpReplyWriter(decode);
  const out = new JsonBytes(64);
  return {
    writeReply(bytes) {
      out.pos = 0;
      return writer.write(bytes, out) ? out.buf.toString('utf8', 0, out.pos) : null;
    },
    get fallbacks() {
      return writer.fallbacks;
    },
  };
}

function variedRoute(next: () => number): WireRoute {
  const int = (max: number) => Math.floor(next() * max);
  const v6 = next() < 0.4;
  const prefix = v6 ? `2001:db8:${int(0xffff).toString(16)}::/48` : next() < 0.05 ? '0.0.0.0/0' : `${1 + int(222)}.${int(256)}.${int(256)}.0/24`;
  const paths: WirePath[] = [];
  for (let p = 0; p <= int(3); p += 1) {
    if (next() < 0.15) {
      paths.push(staticPath(v6 ? `2001:db8::${int(0xffff).toString(16)}` : '192.0.2.1'));
      continue;
    }
    paths.push(
      bgpPath({
        nextHop: v6 ? `2001:db8:0:${int(0xffff).toString(16)}::${int(0xffff).toString(16)}` : `198.51.100.${int(256)}`,
        asPath: Array.from({ length: int(6) }, () => 1 + int(4_294_967_294)),
        ...(next() < 0.2 ? { asSet: [64500 + int(20), 64600 + int(20)] } : {}),
        localPref: int(1000),
        med: next() < 0.5 ? 0 : int(4_294_967_296),
        origin: next() < 0.1 ? 7 : int(3),
        communities: Array.from({ length: int(5) }, () => int(4_294_967_296)),
        largeCommunities: Array.from({ length: int(3) }, () => [int(4_294_967_296), int(100), int(4_294_967_296)] as [number, number, number]),
        ...(next() < 0.1 ? { unknown: [{ typeCode: int(256), value: Buffer.from([int(256), int(256), 0]), optional: next() < 0.5 }] } : {}),
        timeLearned: next() < 0.1 ? 0 : int(4_294_967_296),
        hiddenReason: next() < 0.2 ? 'HiddenReasonASLoop' : 'HiddenReasonNone',
        pathId: int(10),
        ebgp: next() < 0.5,
        onlyToCustomer: next() < 0.8 ? 0 : int(65536),
      }),
    );
  }
  return route(prefix, ...paths);
}

/** Hand-written protobuf: tag, varint and length-delimited pieces, for encodings the serializer never produces. */
const varint = (value: bigint): number[] => {
  const out: number[] = [];
  let v = value;
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? byte | 0x80 : byte);
  } while (v > 0n);
  return out;
};
const tag = (field: number, wire: number) => varint(BigInt((field << 3) | wire));
const num = (field: number, value: bigint | number) => [...tag(field, 0), ...varint(BigInt(value))];
const msg = (field: number, body: number[]) => [...tag(field, 2), ...varint(BigInt(body.length)), ...body];
const ipv4 = (value: number) => [...num(2, value), ...num(3, 0)];
const reply = (routeBody: number[]) => Buffer.from(msg(1, routeBody));

describe('RIB dump decoder (protobuf bytes to JSON text)', () => {
  it('writes the same text as decoding plus the general renderer for 3,000 encoded IPv4 and IPv6 routes', () => {
    const writer = createWriter();
    const next = createPrng(23).next;
    for (let i = 0; i < 3000; i += 1) {
      const bytes = encode(variedRoute(next));
      expect(writer.writeReply(bytes), `route ${i}`).toBe(reference(bytes));
    }
    expect(writer.fallbacks).toBe(0);
  });

  it('writes the same text for the benchmark table, a reply without a route and an empty route', () => {
    const writer = createWriter();
    for (const r of syntheticIpv4Routes(1000)) {
      const bytes = encode(r);
      expect(writer.writeReply(bytes)).toBe(reference(bytes));
    }
    expect(writer.writeReply(encode(null))).toBeNull();
    expect(writer.writeReply(Buffer.from([0x0a, 0x00]))).toBe('{"pfx":"","paths":[]}');
    expect(writer.fallbacks).toBe(0);
  });

  it('reads encodings the serializer does not write: unpacked numbers, unknown fields, repeated singular fields, enums newer than the .proto', () => {
    const path = msg(2, [
      ...num(1, 1),
      ...num(4, 42), // hidden_reason newer than the .proto
      ...num(5, 1_700_000_000),
      ...msg(3, [
        ...num(1, 0xfffffffe),
        ...msg(2, ipv4(3221225985)),
        ...msg(4, [...num(1, 1), ...num(2, 65001), ...num(2, 3356)]), // asns one by one
        ...msg(4, [...num(1, 0), ...msg(2, [...varint(64500n), ...varint(64501n)])]), // packed
        ...num(10, 4259905636),
        ...num(10, 1),
        ...[...tag(99, 5), 1, 2, 3, 4], // unknown fixed32
        ...[...tag(98, 1), 1, 2, 3, 4, 5, 6, 7, 8], // unknown fixed64
        ...msg(97, [1, 2, 3]), // unknown length-delimited
        ...num(7, 2), // bool from a value other than 1
        ...num(5, 1),
        ...num(5, 2), // the last value wins
        ...msg(14, [...num(1, 1), ...num(4, 99), ...msg(5, [0xde, 0xad])]),
      ]),
      ...msg(6, [...msg(1, ipv4(1)), ...msg(2, [...msg(1, [0x62]), ...msg(2, [0x78])]), ...msg(2, [...msg(1, [0x31]), ...msg(2, [0x79])])]),
    ]);
    const cases = [
      reply([...msg(1, [...msg(1, ipv4(16843008)), ...num(2, 24)]), ...path]),
      // Prefix given twice: the second replaces the first.
      reply([...msg(1, [...msg(1, ipv4(1)), ...num(2, 32)]), ...msg(1, [...msg(1, ipv4(16843008)), ...num(2, 24)])]),
      // IPv6 with both halves set, and an IP version newer than the .proto (read as IPv4, like the codec).
      reply([...msg(1, [...msg(1, [...num(1, 0x20010db800000000n), ...num(2, 1), ...num(3, 1)]), ...num(2, 128)])]),
      reply([...msg(1, [...msg(1, [...num(2, 3221225985), ...num(3, 7)]), ...num(2, 32)])]),
      // A prefix without an address.
      reply([...msg(1, num(2, 8))]),
    ];
    const writer = createWriter();
    for (const [i, bytes] of cases.entries()) expect(writer.writeReply(bytes), `case ${i}`).toBe(reference(bytes));
    expect(writer.fallbacks).toBe(0);
  });

  it('hands what it does not expect to the general decoding, with the same result', () => {
    const good = [...msg(1, ipv4(16843008)), ...num(2, 24)];
    const cases = [
      // A known field with another wire type (the general decoding reads a varint from the fixed32's bytes).
      reply([...msg(1, [...msg(1, ipv4(16843008)), ...tag(2, 5), 24, 0, 0])]),
      // A varint longer than 5 bytes in a 32-bit field: a negative enum.
      reply([...msg(1, good), ...msg(2, [...num(1, 1), ...num(4, (1n << 64n) - 1n)])]),
      // Meta data that is not ASCII.
      reply([...msg(1, good), ...msg(2, msg(6, msg(2, [...msg(1, [0x6b]), ...msg(2, [0xc3, 0xa9])])))]),
    ];
    const writer = createWriter();
    for (const [i, bytes] of cases.entries()) expect(writer.writeReply(bytes), `case ${i}`).toBe(reference(bytes));
    expect(writer.fallbacks).toBe(3);
    // Input the general decoding refuses (truncated; a uint32 written as 6 bytes) fails, rather than yielding a made-up route.
    const truncated = encode(route('192.0.2.0/24', staticPath('192.0.2.1'))).subarray(0, 9);
    const sixBytes = reply([...msg(1, good), ...msg(2, [...num(1, 1), ...num(5, (1n << 40n) + 5n), ...num(4, 1)])]);
    for (const bytes of [truncated, sixBytes]) {
      expect(() => reference(bytes)).toThrow();
      expect(() => createWriter().writeReply(bytes)).toThrow();
    }
  });
});
