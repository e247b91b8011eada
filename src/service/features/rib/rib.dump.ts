import type { Readable } from 'node:stream';
import type { ClientReadableStream } from '@grpc/grpc-js';
import { DumpBody } from './rib.dump-body.js';
import { describeFailure, RibUnavailableError } from './rib.errors.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import { lengthBounds, targetParams } from './rib.params.js';
import { afiSafiOf, targetFields } from './rib.targets.js';
import { DUMP_DEFAULT_LIMIT, type DumpQuery, type DumpResponse, type SourceStatus } from '../../../shared/api/rib/rib.schemas.js';
import { fallbackReason, learnTable, sourceStatus } from './rib.service.js';
import type { DumpRIBReply } from './ris.wire.js';

export type DumpOutcome = { kind: 'stream'; stream: Readable } | { kind: 'fallback'; body: DumpResponse };

const noop = () => {};

function waitFirst<T>(next: Promise<T>, ms: number, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RibUnavailableError(`routing daemon gave no answer within ${timeoutMs} ms`)), Math.max(1, ms));
  });
  return Promise.race([next, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Streams DumpRIB into one JSON document (rib.dump-body.ts): the head (source, afi, limit) goes out once the daemon
 * has answered, then each route as it arrives, then the tail (count, limit_reached, complete, error). The gRPC
 * stream is read only as fast as the HTTP socket drains, so memory stays flat whatever the table size; a client that
 * hangs up cancels the gRPC call.
 */
export async function openDump(gw: RibGateway, params: DumpQuery): Promise<DumpOutcome> {
  // The schema fills both defaults; the type keeps them optional so the OpenAPI document shows them as optional.
  const query = { ...params, afi: params.afi ?? 'ipv4', limit: params.limit ?? DUMP_DEFAULT_LIMIT };
  const bounds = lengthBounds(query.afi, query.min_length, query.max_length);
  const requested = targetParams(query);
  const fallback = (source: SourceStatus): DumpOutcome => ({
    kind: 'fallback',
    body: { source, afi: query.afi, limit: query.limit, routes: [], count: 0, limit_reached: false, complete: false, error: source.reason },
  });
  const deadline = Date.now() + gw.settings.timeoutMs;
  let target: RibTarget | undefined;
  let call: ClientReadableStream<DumpRIBReply> | undefined;
  let body: DumpBody | undefined;
  let release = noop;
  try {
    target = await gw.resolveTarget(requested, deadline);
    call = gw.client().dumpRib({
      ...targetFields(target),
      afisafi: afiSafiOf(query.afi),
      filter: { originating_asn: query.asn ?? 0, min_length: bounds.min, max_length: bounds.max },
    });
    call.on('error', noop); // failures reach the body through its own listener; this keeps a late CANCELLED from being "unhandled"
    release = gw.track(call);
    const answered = target;
    body = new DumpBody({
      call,
      // Made once the daemon has answered (the router and VRF exist): whether the table it dumps is complete, as far
      // as the gateway's own copy of it tells.
      head: () => {
        const source = sourceStatus(gw, answered, null, learnTable(gw, answered, query.afi).progress());
        return `{"source":${JSON.stringify(source)},"afi":"${query.afi}","limit":${query.limit},"routes":[`;
      },
      limit: query.limit,
      describe: (error) => describeFailure(error, 0).reason,
      release,
    });
    await waitFirst(body.started, deadline - Date.now(), gw.settings.timeoutMs);
    return { kind: 'stream', stream: body };
  } catch (error) {
    body?.destroy();
    call?.cancel();
    release();
    return fallback(sourceStatus(gw, target ?? requested, await fallbackReason(gw, error, target)));
  }
}
