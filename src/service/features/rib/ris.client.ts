import { type ClientReadableStream, credentials, type ServiceError } from '@grpc/grpc-js';
import { loadRisDefinitions } from './ris.proto-loader.js';
import type {
  DumpRIBReply,
  DumpRIBRequest,
  GetRoutersResponse,
  ObserveRIBRequest,
  PrefixRequest,
  RIBUpdate,
  RoutesResponse,
  WireRoute,
  WireRouter,
} from './ris.wire.js';

export interface RisClientOptions {
  appRoot: string;
  address: string;
  keepaliveMs: number;
  reconnectMaxMs: number;
}

/** Promise-shaped calls of bio.ris.RoutingInformationService; each unary call takes an absolute deadline. */
export interface RisClient {
  lpm(request: PrefixRequest, deadline: number): Promise<WireRoute[]>;
  getRouters(deadline: number): Promise<WireRouter[]>;
  dumpRib(request: DumpRIBRequest): ClientReadableStream<DumpRIBReply>;
  observeRib(request: ObserveRIBRequest): ClientReadableStream<RIBUpdate>;
  /** A route as the daemon's own encoding (a DumpRIB reply), and back: how the table index keeps routes compactly. */
  encodeRoute(route: WireRoute): Buffer;
  decodeRoute(bytes: Buffer): WireRoute | null;
  close(): void;
}

/** About 3,300 routes at the 640 bytes a route measured on a real daemon: decoded in a few tens of milliseconds. */
export const RECEIVE_LIMIT_BYTES = 2 * 1024 * 1024;

type UnaryCallback<T> = (error: ServiceError | null, response?: T) => void;
type Unary<Req, Res> = (request: Req, options: { deadline: number }, callback: UnaryCallback<Res>) => void;

interface GeneratedClient {
  LPM: Unary<PrefixRequest, RoutesResponse>;
  GetRouters: Unary<Record<string, never>, GetRoutersResponse>;
  DumpRIB(request: DumpRIBRequest): ClientReadableStream<DumpRIBReply>;
  ObserveRIB(request: ObserveRIBRequest): ClientReadableStream<RIBUpdate>;
  close(): void;
}

/**
 * The channel reconnects by itself with exponential backoff (capped by reconnectMaxMs) and connects lazily on the
 * first call. Keepalive pings only while calls are open and never more often than the daemon's 1 s minimum,
 * which would otherwise answer with GOAWAY "too_many_pings".
 */
export function createRisClient(options: RisClientOptions): RisClient {
  const { Client, service } = loadRisDefinitions(options.appRoot);
  const dumpReply = service.DumpRIB as unknown as { responseSerialize(reply: DumpRIBReply): Buffer; responseDeserialize(bytes: Buffer): DumpRIBReply };
  const raw = new Client(options.address, credentials.createInsecure(), {
    'grpc.keepalive_time_ms': Math.max(1000, options.keepaliveMs),
    'grpc.keepalive_timeout_ms': 5000,
    'grpc.keepalive_permit_without_calls': 0,
    'grpc.initial_reconnect_backoff_ms': Math.min(250, options.reconnectMaxMs),
    'grpc.max_reconnect_backoff_ms': options.reconnectMaxMs,
    // The gateway asks only for answers of a few routes (LPM, GetRouters) and for streams of one route a message; a
    // larger message is refused as soon as its header arrives (RESOURCE_EXHAUSTED) instead of being decoded.
    'grpc.max_receive_message_length': RECEIVE_LIMIT_BYTES,
  }) as unknown as GeneratedClient;

  const unary = <Req, Res>(method: Unary<Req, Res>, request: Req, deadline: number): Promise<Res> =>
    new Promise((resolve, reject) => {
      method.call(raw, request, { deadline }, (error, response) => {
        if (error) reject(error);
        else resolve(response as Res);
      });
    });

  return {
    lpm: async (request, deadline) => (await unary(raw.LPM, request, deadline)).routes,
    getRouters: async (deadline) => (await unary(raw.GetRouters, {}, deadline)).routers,
    dumpRib: (request) => raw.DumpRIB(request),
    observeRib: (request) => raw.ObserveRIB(request),
    encodeRoute: (route) => dumpReply.responseSerialize({ route }),
    decodeRoute: (bytes) => dumpReply.responseDeserialize(bytes).route,
    close: () => raw.close(),
  };
}
