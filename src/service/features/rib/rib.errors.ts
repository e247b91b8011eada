import { status as GrpcStatus } from '@grpc/grpc-js';

/**
 * The routing daemon cannot answer (down, unreachable, not ready, feed gone, no routers). The API makes this
 * a normal outcome (docs/routing-daemon.md): endpoints answer 200 with empty results and this reason, never an error status.
 */
export class RibUnavailableError extends Error {
  override name = 'RibUnavailableError';
}

export interface GrpcFailure {
  /** unknown: the daemon does not know the router or VRF asked for (UNKNOWN); unavailable: anything else. */
  kind: 'unknown' | 'unavailable';
  reason: string;
}

function isServiceError(error: unknown): error is { code: GrpcStatus; details?: string; message: string } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

/**
 * The reason shown to API clients, in the gateway's own words: the gRPC library's details ("No connection established.
 * Last error: ...", stack-like text, addresses and timestamps) stay out of responses; the status name is enough to act on.
 */
export function describeFailure(error: unknown, timeoutMs: number): GrpcFailure {
  if (error instanceof RibUnavailableError) return { kind: 'unavailable', reason: error.message };
  if (!isServiceError(error)) return { kind: 'unavailable', reason: 'routing gateway failed while reading the answer' };
  switch (error.code) {
    case GrpcStatus.UNAVAILABLE:
      return { kind: 'unavailable', reason: 'routing daemon unreachable, or its RIB is not ready yet (UNAVAILABLE)' };
    case GrpcStatus.DEADLINE_EXCEEDED:
      return { kind: 'unavailable', reason: `routing daemon gave no answer within ${timeoutMs} ms` };
    case GrpcStatus.ABORTED:
      return { kind: 'unavailable', reason: "the router's BMP feed went away (ABORTED)" };
    case GrpcStatus.UNKNOWN:
      return { kind: 'unknown', reason: 'routing daemon does not know this router or VRF (UNKNOWN)' };
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return { kind: 'unavailable', reason: "the routing daemon's answer is larger than the gateway accepts (RESOURCE_EXHAUSTED)" };
    default:
      return { kind: 'unavailable', reason: `routing daemon failed (${GrpcStatus[error.code] ?? `gRPC status ${error.code}`})` };
  }
}
