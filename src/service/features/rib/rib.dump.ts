import { Readable } from 'node:stream';
import type { ClientReadableStream } from '@grpc/grpc-js';
import { describeFailure, RibUnavailableError } from './rib.errors.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import { lengthBounds, targetParams } from './rib.params.js';
import { createRouteJsonWriter } from './rib.render-json.js';
import { afiSafiOf, targetFields } from './rib.targets.js';
import { DUMP_DEFAULT_LIMIT, type DumpQuery, type DumpResponse, type SourceStatus } from '../../../shared/api/rib/rib.schemas.js';
import { fallbackReason, sourceStatus } from './rib.service.js';
import type { DumpRIBReply } from './ris.wire.js';

export type DumpOutcome = { kind: 'stream'; stream: Readable } | { kind: 'fallback'; body: DumpResponse };

/** Chunks of about this size reach the socket: small enough to stream, large enough to keep syscalls few. */
const CHUNK_CHARS = 64 * 1024;
/**
 * How far the dump may read ahead of the socket: a few chunks, so the gRPC stream keeps flowing while the socket
 * drains one (with one chunk of room, both sides stopped and started at every chunk). Memory stays bounded by it.
 */
const READ_AHEAD_BYTES = 8 * CHUNK_CHARS;
const noop = () => {};

function waitFirst<T>(next: Promise<T>, ms: number, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RibUnavailableError(`routing daemon gave no answer within ${timeoutMs} ms`)), Math.max(1, ms));
  });
  return Promise.race([next, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Streams DumpRIB into one JSON document: the head (source, afi, limit) goes out once the daemon has answered,
 * then each route as it arrives, then the tail (count, limit_reached, complete, error). Reading the gRPC stream
 * only as fast as the HTTP socket drains keeps memory flat whatever the table size; a client that hangs up
 * cancels the gRPC call.
 */
async function* dumpBody(
  head: Omit<DumpResponse, 'routes' | 'count' | 'limit_reached' | 'complete' | 'error'>,
  call: ClientReadableStream<Buffer>,
  messages: AsyncIterator<Buffer>,
  first: IteratorResult<Buffer>,
  decode: (bytes: Buffer) => DumpRIBReply,
  release: () => void,
): AsyncGenerator<string> {
  let buffer = `{"source":${JSON.stringify(head.source)},"afi":"${head.afi}","limit":${head.limit},"routes":[`;
  let count = 0;
  let limitReached = false;
  let error: string | null = null;
  let finished = false;
  const routes = createRouteJsonWriter();
  try {
    for (let item = first; !item.done; item = await messages.next()) {
      const route = routes.writeReply(item.value, decode);
      if (route === null) continue;
      if (count === head.limit) {
        limitReached = true;
        break;
      }
      buffer += (count === 0 ? '' : ',') + route;
      count += 1;
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    finished = !limitReached;
  } catch (caught) {
    error = describeFailure(caught, 0).reason;
  } finally {
    // Also runs when the HTTP client hangs up (the Readable is destroyed and returns this generator).
    if (!finished) call.cancel();
    release();
  }
  yield `${buffer}],"count":${count},"limit_reached":${limitReached},"complete":${error === null},"error":${JSON.stringify(error)}}`;
}

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
  let call: ClientReadableStream<Buffer> | undefined;
  let release = noop;
  try {
    target = await gw.resolveTarget(requested, deadline);
    const client = gw.client();
    // Replies stay bytes: the dump writes each route's JSON straight from them (rib.render-json.ts).
    call = client.dumpRibBytes({
      ...targetFields(target),
      afisafi: afiSafiOf(query.afi),
      filter: { originating_asn: query.asn ?? 0, min_length: bounds.min, max_length: bounds.max },
    });
    call.on('error', noop); // failures surface through the iterator; this keeps a late CANCELLED from being "unhandled"
    release = gw.track(call);
    const messages = call[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await waitFirst(messages.next(), deadline - Date.now(), gw.settings.timeoutMs);
    const head = { source: sourceStatus(gw, target, null), afi: query.afi, limit: query.limit };
    return {
      kind: 'stream',
      stream: Readable.from(
        dumpBody(head, call, messages, first, (bytes) => client.decodeDumpReply(bytes), release),
        { objectMode: false, highWaterMark: READ_AHEAD_BYTES },
      ),
    };
  } catch (error) {
    call?.cancel();
    release();
    return fallback(sourceStatus(gw, target ?? requested, await fallbackReason(gw, error, target)));
  }
}
